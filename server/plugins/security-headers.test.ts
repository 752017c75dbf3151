import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaderOptions } from './security-headers';

/** What helmet itself sets on a real response, over real HTTP. */
async function headersFromHelmet(https: boolean): Promise<Record<string, string>> {
  const middleware = helmet(securityHeaderOptions(https));
  const server = createServer((req, res) => {
    middleware(req, res, () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      httpRequest({ port, host: '127.0.0.1' }, (res) => {
        res.resume();
        const { date, connection, 'keep-alive': _, 'content-length': __, ...rest } = res.headers;
        resolve(rest as Record<string, string>);
      })
        .on('error', reject)
        .end();
    });
  } finally {
    server.close();
  }
}

describe('helmetHeaders', () => {
  it.each([false, true])('equals what helmet sets per request (https: %s)', async (https) => {
    expect(helmetHeaders(securityHeaderOptions(https))).toEqual(await headersFromHelmet(https));
  });

  it('holds the policy the site relies on', () => {
    const headers = helmetHeaders(securityHeaderOptions(false));
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(helmetHeaders(securityHeaderOptions(true))['strict-transport-security']).toMatch(
      /max-age=\d+/,
    );
  });
});
