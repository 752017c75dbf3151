import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FakeAttachment } from './messages';
import { generateSnowflake } from './snowflake';
import type { FakeState } from './state';

// Discord's CDN signs attachment links: `?ex=<expiry>&is=<issued>&hm=<hmac>` (hex unix
// seconds). A link without a valid signature, or past its expiry, is a 404 "This content is no
// longer available.", so a bot that strips the query string fails here as it would there.
const LINK_TTL_SECONDS = 24 * 60 * 60;

export interface FakeUpload {
  filename: string;
  /** Defaults to application/octet-stream, as a browser upload of an unknown type. */
  contentType?: string;
  bytes: Uint8Array;
}

/** Where a file lives: `attachments/<channel>` for messages, `ephemeral-attachments/<app>` for uploads. */
export type CdnFolder = 'attachments' | 'ephemeral-attachments';

function sign(state: FakeState, path: string, expires: string, issued: string): string {
  return createHmac('sha256', state.cdnSecret).update(`${path}|${expires}|${issued}`).digest('hex');
}

export function cdnUrl(
  state: FakeState,
  port: number,
  folder: CdnFolder,
  parentId: string,
  file: FakeAttachment,
): string {
  const path = `/${folder}/${parentId}/${file.id}/${encodeURIComponent(file.filename)}`;
  const now = Math.floor(Date.now() / 1000);
  const issued = now.toString(16);
  const expires = (now + LINK_TTL_SECONDS).toString(16);
  const hm = sign(state, path, expires, issued);
  return `http://127.0.0.1:${port}${path}?ex=${expires}&is=${issued}&hm=${hm}`;
}

/** The Attachment Object for a stored file, with a signed CDN link. */
export function toApiAttachment(
  state: FakeState,
  port: number,
  folder: CdnFolder,
  parentId: string,
  file: FakeAttachment,
) {
  const url = cdnUrl(state, port, folder, parentId, file);
  return {
    id: file.id,
    filename: file.filename,
    description: file.description,
    content_type: file.contentType,
    size: file.size,
    url,
    proxy_url: url,
    ...(folder === 'ephemeral-attachments' ? { ephemeral: true } : {}),
  };
}

/** Stores a file a user "uploaded" into a command option or a modal, as Discord does. */
export function storeUpload(state: FakeState, upload: FakeUpload): FakeAttachment {
  const bytes = Buffer.from(upload.bytes);
  const file: FakeAttachment = {
    id: generateSnowflake(),
    filename: upload.filename,
    contentType: upload.contentType ?? 'application/octet-stream',
    size: bytes.length,
    bytes,
  };
  state.uploads.set(file.id, file);
  return file;
}

function findFile(state: FakeState, folder: string, parentId: string, fileId: string) {
  if (folder === 'ephemeral-attachments') {
    return parentId === state.applicationId ? state.uploads.get(fileId) : undefined;
  }
  return state.messages
    .filter((message) => message.channelId === parentId)
    .flatMap((message) => message.attachments)
    .find((item) => item.id === fileId);
}

function validSignature(state: FakeState, url: URL): boolean {
  const expires = url.searchParams.get('ex') ?? '';
  const issued = url.searchParams.get('is') ?? '';
  const given = Buffer.from(url.searchParams.get('hm') ?? '', 'hex');
  const wanted = Buffer.from(sign(state, url.pathname, expires, issued), 'hex');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return false;
  return Number.parseInt(expires, 16) * 1000 > Date.now();
}

/** Serves `/attachments/…` and `/ephemeral-attachments/…`; false for any other path. */
export function serveCdn(state: FakeState, url: URL, res: ServerResponse): boolean {
  const [, folder = '', parentId = '', fileId = ''] = url.pathname.split('/');
  if (folder !== 'attachments' && folder !== 'ephemeral-attachments') return false;
  const file = findFile(state, folder, parentId, fileId);
  if (!file || !validSignature(state, url)) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('This content is no longer available.');
    return true;
  }
  res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.size });
  res.end(file.bytes);
  return true;
}
