import { request } from 'node:http';

// Application uploads as browsers send them, for server, process and browser tests.

export const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG by its magic bytes, `size` bytes long, different per `seed` (distinct hashes). */
export function aPng(size = 64, seed = 0): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = PNG_HEADER.length; i < size; i += 1) bytes[i] = (i * 31 + seed * 7) & 0xff;
  bytes.set(PNG_HEADER);
  return bytes;
}

export function aDesigner(overrides: Record<string, unknown> = {}) {
  return {
    type: 'designer',
    robloxUsername: 'roblox_des',
    discordUsername: 'discord_des',
    age: 16,
    activityLevel: 9,
    designStyle: 'Clean',
    tools: 'Figma',
    designProcess: '',
    designChallenges: '',
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: '',
    agreeTerms: true,
    ...overrides,
  };
}

export function aModerator(overrides: Record<string, unknown> = {}) {
  return {
    type: 'moderator',
    robloxUsername: 'roblox_mod',
    discordUsername: 'discord_mod',
    age: 15,
    activityLevel: 12,
    otherServers: '',
    whyChooseYou: 'w'.repeat(100),
    scenarioOne: 'a'.repeat(50),
    scenarioTwo: 'b'.repeat(50),
    scenarioThree: 'c'.repeat(50),
    scenarioFour: 'd'.repeat(50),
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: '',
    agreeTerms: true,
    ...overrides,
  };
}

export type Upload = { name: string; data: Uint8Array<ArrayBuffer>; type?: string };

/** A real multipart body, as a browser's FormData would send it. */
export async function multipartBody(
  fields: Record<string, string>,
  files: Upload[] = [],
  fileField = 'images',
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(fileField, new Blob([file.data], { type: file.type ?? 'image/png' }), file.name);
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

export type Answer = { status: number; headers: Record<string, unknown>; text: string };

/**
 * A POST over a real socket whose body is sent when the test says: `started` resolves once
 * the server has read the request's head (it answered `Expect: 100-continue`), `send(bytes)`
 * writes part of the body, `end()` the rest. `answer` settles with the response, or rejects
 * with the socket's error (ECONNRESET).
 */
export function postInParts(
  url: string,
  body: Buffer,
  contentType: string,
  headers: Record<string, string> = {},
) {
  const target = new URL(url);
  let sent = 0;
  const req = request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'POST',
    headers: {
      'content-type': contentType,
      'content-length': body.byteLength,
      origin: target.origin,
      expect: '100-continue',
      ...headers,
    },
  });
  const started = new Promise<void>((resolve) => req.once('continue', resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
      response.on('error', reject);
    });
  });
  req.flushHeaders();
  return {
    started,
    answer,
    /** Writes the next `bytes` of the body (or what is left). */
    send(bytes: number) {
      const next = body.subarray(sent, sent + bytes);
      sent += next.byteLength;
      return new Promise<void>((resolve) => req.write(next, () => resolve()));
    },
    end() {
      req.end(body.subarray(sent));
      sent = body.byteLength;
    },
    get sent() {
      return sent;
    },
    abort() {
      req.destroy();
    },
  };
}
