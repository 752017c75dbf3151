import type { FastifyInstance } from 'fastify';
import { register } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApplicationReference } from '../../core/applications';
import { publicUrl } from '../../core/config';
import { createOutboxRepository } from '../../db/repositories/outbox';
import { buildTestApp, testConfig } from '../support/app';
import { DRIVERS } from '../support/database';
import {
  addressFor,
  designerAnswers,
  moderatorAnswers,
  pngBytes,
  submitApplication,
} from './factories';
import { type BotHarness, startBotHarness } from './harness';

/** The worker's failure counter for these labels, as the metrics port would serve it. */
async function deliveryFailures(labels: { kind: string; reason: string }): Promise<number> {
  const metric = register.getSingleMetric('lunar_outbox_delivery_failures_total');
  const values = metric ? (await metric.get()).values : [];
  return (
    values.find(
      (value) => value.labels.kind === labels.kind && value.labels.reason === labels.reason,
    )?.value ?? 0
  );
}

const LARGE_UPLOAD_DRIVER = DRIVERS.includes('postgres') ? 'postgres' : 'pglite';

const footerOf = (message: { embeds: Array<Record<string, unknown>> }) =>
  (message.embeds[0]?.footer as { text?: string } | undefined)?.text;

describe.each(DRIVERS)('delivery to Discord through the outbox on %s', (driver) => {
  let h: BotHarness;
  let app: FastifyInstance;
  let outbox: ReturnType<typeof createOutboxRepository>;

  beforeAll(async () => {
    h = await startBotHarness(driver);
    app = await buildTestApp(h.database, { env: h.env });
    outbox = createOutboxRepository(h.database.db);
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  /** The messages whose footer names application `id` (`Application MOD-000012`). */
  const messagesFor = (id: number | undefined) =>
    h.fake.messages.filter(
      (m) => parseApplicationReference((footerOf(m) ?? '').replace(/^Application /, ''))?.id === id,
    );

  it('delivers a designer application as one message with its fields and images', async () => {
    const images = [pngBytes(1, 300), pngBytes(2, 500)];
    const { status, id } = await submitApplication(app, designerAnswers(1), images);
    expect(status).toBe(201);
    const worker = h.startWorker();
    try {
      await expect.poll(() => messagesFor(id).length, { timeout: 5000 }).toBe(1);
    } finally {
      await worker.close();
    }
    const [message] = messagesFor(id);
    expect(message?.channelId).toBe(h.ids.designerChannel);
    const embed = message?.embeds[0] as {
      title: string;
      color: number;
      fields: { name: string }[];
    };
    expect(embed.title).toBe('New Designer Application');
    expect(embed.color).toBe(0xb19cd9);
    const names = message?.embeds.flatMap((e) =>
      (e.fields as { name: string }[]).map((f) => f.name),
    );
    expect(names).toEqual(
      expect.arrayContaining(['Personal Information', 'Questions for Us', 'Designer Information']),
    );
    expect(names).not.toContain('Scenario Responses');
    expect(message?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['portfolio-1.png', 'image/png'],
      ['portfolio-2.png', 'image/png'],
    ]);
    expect(message?.attachments.map((a) => new Uint8Array(a.bytes))).toEqual(images);
    expect(
      ((message?.components[0]?.components ?? []) as { label: string }[]).map((b) => b.label),
    ).toEqual(['Accept', 'Reject']);
    const row = await outbox.findByRef('application', id ?? 0);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, discordMessageId: message?.id });
    expect(h.fake.rejected).toEqual([]);
  });

  // About 50 MB through the database: PGlite's bytea path takes a minute on a busy machine,
  // so this runs once, on Postgres when the run has one (defined only there: not a skip).
  const onceOnLargeUploadDriver = driver === LARGE_UPLOAD_DRIVER ? it : () => {};
  onceOnLargeUploadDriver(
    'delivers ten large portfolio images as one message within the upload limit',
    async () => {
      // Just under the server's 5 MiB cap each: 49 MB in all, twice what Discord takes at once.
      const images = Array.from({ length: 10 }, (_, n) => pngBytes(n + 1, 4_900_000));
      const { status, id } = await submitApplication(app, designerAnswers(2), images, '10.9.9.9');
      expect(status).toBe(201);
      const worker = h.startWorker();
      try {
        await expect
          .poll(async () => (await outbox.findByRef('application', id ?? 0))?.status, {
            timeout: 60_000,
          })
          .not.toBe('pending');
      } finally {
        await worker.close();
      }
      expect(await outbox.findByRef('application', id ?? 0)).toMatchObject({
        status: 'delivered',
        attempts: 1,
      });
      const [message, ...others] = messagesFor(id);
      expect(others).toEqual([]);
      const sent = message?.attachments ?? [];
      expect(sent.map((a) => a.filename)).toEqual([1, 2, 3, 4, 5].map((n) => `portfolio-${n}.png`));
      expect(sent.reduce((sum, a) => sum + a.bytes.length, 0)).toBeLessThanOrEqual(
        24 * 1024 * 1024,
      );
      // Buffer.equals: toEqual walks 4.9 million elements one by one.
      expect(Buffer.from(images[4] ?? []).equals(sent[4]?.bytes ?? Buffer.alloc(0))).toBe(true);
      expect(message?.content).toBe(
        '5 of 10 portfolio images are attached: Discord takes at most 24 MiB of files per ' +
          `message. All images are stored with the application: ${publicUrl(h.config)}/dashboard/applications/${id}`,
      );
      expect(h.fake.rejected).toEqual([]);
    },
    180_000,
  );

  it('keeps every submission through an outage and 429s, then delivers each exactly once', async () => {
    h.fake.setOutage(true);
    const ids: number[] = [];
    for (let n = 0; n < 24; n++) {
      const answers = n % 2 ? designerAnswers(100 + n) : moderatorAnswers(100 + n);
      const images = n % 2 ? [pngBytes(n)] : [];
      const { status, id } = await submitApplication(app, answers, images, addressFor(100 + n));
      expect(status).toBe(201);
      ids.push(id ?? 0);
    }
    const before = h.fake.messages.length;
    const worker = h.startWorker();
    try {
      // Every row is tried and fails at least once while Discord is down.
      await expect
        .poll(
          async () =>
            (await Promise.all(ids.map((id) => outbox.findByRef('application', id)))).every(
              (r) => (r?.attempts ?? 0) >= 2,
            ),
          // Generous: on a loaded 2-core machine 24 rows × 2 tries can take a while.
          { timeout: 30_000 },
        )
        .toBe(true);
      expect(h.fake.messages.length).toBe(before);
      h.fake.failNext(6, { status: 429, retryAfter: 0.2 }, { method: 'POST', path: /\/messages$/ });
      h.fake.setOutage(false);
      await expect
        .poll(async () => (await outbox.countByStatus()).pending, { timeout: 30_000 })
        .toBe(0);
    } finally {
      h.fake.setOutage(false);
      await worker.close();
    }
    for (const id of ids) expect(messagesFor(id)).toHaveLength(1);
    const nonces = h.fake.messages.map((m) => String(m.nonce));
    expect(new Set(nonces).size).toBe(nonces.length);
    const rows = await Promise.all(ids.map((id) => outbox.findByRef('application', id)));
    expect(rows.every((row) => row?.status === 'delivered' && row.attempts >= 2)).toBe(true);
    expect(h.fake.requests.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(h.fake.rejected).toEqual([]);
  }, 90_000);

  it('delivers a contact message to the contact channel', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada', email: 'ada@example.com', subject: 'Logo', message: 'A logo please' },
    });
    expect(response.statusCode).toBe(201);
    const worker = h.startWorker();
    try {
      await expect
        .poll(() => h.fake.messagesIn(h.ids.contactChannel).length, { timeout: 5000 })
        .toBe(1);
    } finally {
      await worker.close();
    }
    const [message] = h.fake.messagesIn(h.ids.contactChannel);
    expect(message?.embeds[0]).toMatchObject({ title: 'New Contact Message' });
    expect(footerOf(message ?? { embeds: [] })).toBe(`Contact message #${response.json().id}`);
  });

  it('fails a row Discord refuses for good (invalid form body) and keeps it visible', async () => {
    // Refusing the message itself is final; a wrong channel or token is retried instead.
    h.fake.failNext(
      1,
      { status: 400, code: 50035, message: 'Invalid Form Body' },
      { method: 'POST', path: new RegExp(`^/channels/${h.ids.contactChannel}/messages$`) },
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Bo', email: 'bo@example.com', subject: 'Hi', message: 'Lost message' },
      remoteAddress: '198.51.100.7',
    });
    const id = response.json().id as number;
    const permanentFailures = () =>
      deliveryFailures({ kind: 'contact_message', reason: 'permanent' });
    const before = await permanentFailures();
    const worker = h.startWorker();
    try {
      await expect
        .poll(async () => (await outbox.findByRef('contact_message', id))?.status, {
          timeout: 5000,
        })
        .toBe('failed');
    } finally {
      await worker.close();
    }
    // Counted for the metrics (bot/delivery/metrics.ts).
    expect(await permanentFailures()).toBe(before + 1);
    const failed = await outbox.listFailed();
    expect(failed.find((row) => row.refId === id)).toMatchObject({ attempts: 1 });
    expect(failed.find((row) => row.refId === id)?.lastError).toBe(
      'Discord 400[50035]: Invalid Form Body',
    );
  });

  it('leaves a row waiting, without using attempts, while its channel is not configured', async () => {
    const config = testConfig({ ...h.env, DISCORD_CONTACT_CHANNEL_ID: '' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Cy', email: 'cy@example.com', subject: 'Hi', message: 'Wait for me' },
      remoteAddress: '198.51.100.8',
    });
    const id = response.json().id as number;
    const worker = h.startWorker({}, config);
    try {
      await expect
        .poll(async () => (await outbox.findByRef('contact_message', id))?.lastError, {
          timeout: 5000,
        })
        .toBe('waiting for DISCORD_CONTACT_CHANNEL_ID');
    } finally {
      await worker.close();
    }
    expect(await outbox.findByRef('contact_message', id)).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    expect(
      h.log.lines.filter((line) => String(line.obj).includes('DISCORD_CONTACT_CHANNEL_ID')),
    ).toHaveLength(1);
  });
});
