import { describe, expect, it } from 'vitest';
import { startMetricsPort } from './metrics-port';

const source = { render: async () => ({ contentType: 'text/plain', body: 'lunar_up 1\n' }) };
const log = { warn: () => {} };

describe('the metrics port', () => {
  it('answers anyone on loopback without METRICS_TOKEN, and only GET /metrics', async () => {
    const port = await startMetricsPort(
      { port: 0, host: '0.0.0.0', token: undefined },
      source,
      log,
    );
    try {
      const base = `http://127.0.0.1:${port.port}`;
      expect(await (await fetch(`${base}/metrics`)).text()).toBe('lunar_up 1\n');
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      await port.close();
    }
  });

  it('answers only the bearer of METRICS_TOKEN when one is set', async () => {
    const token = 'a-metrics-token-of-24-chars-or-more';
    const port = await startMetricsPort({ port: 0, host: '127.0.0.1', token }, source, log);
    try {
      const url = `http://127.0.0.1:${port.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const wrong = await fetch(url, { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      const right = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(await right.text()).toBe('lunar_up 1\n');
    } finally {
      await port.close();
    }
  });
});
