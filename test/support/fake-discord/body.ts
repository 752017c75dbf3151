import type { IncomingMessage } from 'node:http';

export interface UploadedFile {
  /** The multipart field name, e.g. `files[0]`. */
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface ParsedBody {
  json: unknown;
  files: UploadedFile[];
  /** Bytes of the whole request body, multipart framing included. */
  size: number;
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * JSON or multipart/form-data (payload_json + files[n]), the two encodings discord.js sends;
 * and application/x-www-form-urlencoded, the only one OAuth2's token endpoint accepts.
 */
export async function parseBody(req: IncomingMessage): Promise<ParsedBody> {
  const raw = await readAll(req);
  const contentType = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { json: undefined, files: [], size: 0 };
  if (contentType.startsWith('multipart/form-data')) {
    // undici's own multipart parser, so no extra dependency is needed.
    const form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': contentType },
    }).formData();
    let json: unknown;
    const files: UploadedFile[] = [];
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') json = JSON.parse(value);
        continue;
      }
      files.push({
        field,
        filename: value.name,
        contentType: value.type || 'application/octet-stream',
        bytes: Buffer.from(await value.arrayBuffer()),
      });
    }
    return { json, files, size: raw.length };
  }
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    return { json: form, files: [], size: raw.length };
  }
  return { json: JSON.parse(raw.toString('utf8')), files: [], size: raw.length };
}
