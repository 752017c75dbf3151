import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_REFUSAL } from '../../bot/buttons/application-decision';
import type { OutboxWorker } from '../../bot/delivery/worker';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { buildTestApp } from '../support/app';
import { DRIVERS } from '../support/database';
import type { FakeMessage } from '../support/fake-discord';
import { addressFor, moderatorAnswers, submitApplication } from './factories';
import { type BotHarness, startBotHarness } from './harness';

type Button = { label: string; custom_id: string; disabled?: boolean };
const buttonsOf = (message: FakeMessage) =>
  message.components.flatMap((row) => row.components as Button[]);

describe.each(DRIVERS)('reviewing an application in Discord on %s', (driver) => {
  let h: BotHarness;
  let app: FastifyInstance;
  let worker: OutboxWorker;
  let applications: ReturnType<typeof createApplicationsRepository>;
  let submitted = 0;

  beforeAll(async () => {
    h = await startBotHarness(driver);
    app = await buildTestApp(h.database, { env: h.env });
    worker = h.startWorker();
    applications = createApplicationsRepository(h.database.db);
  }, 30_000);
  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await h?.close();
  });

  /** Submits through the server and waits for the worker to post it. */
  async function postedApplication(): Promise<{ id: number; message: FakeMessage }> {
    submitted++;
    const answers = moderatorAnswers(submitted);
    const { id = 0 } = await submitApplication(app, answers, [], addressFor(submitted));
    const find = () =>
      h.fake.messages.find(
        (m) => (m.embeds[0]?.footer as { text: string })?.text === `Application #${id}`,
      );
    await expect.poll(find, { timeout: 5000 }).toBeDefined();
    return { id, message: find() as FakeMessage };
  }

  const click = (message: FakeMessage, label: string, userId: string) =>
    h.fake.clickButton({
      channelId: message.channelId,
      messageId: message.id,
      customId: buttonsOf(message).find((b) => b.label === label)?.custom_id ?? '',
      userId,
    });

  it("stores a lead's Accept and shows it on the message with the buttons disabled", async () => {
    const { id, message } = await postedApplication();
    const record = await click(message, 'Accept', h.users.lead);
    expect(record.response?.type).toBe(7);
    const stored = await applications.findById(id);
    expect(stored).toMatchObject({
      status: 'accepted',
      reviewerId: h.users.lead,
      reviewerName: 'lead',
    });
    expect(stored?.decidedAt).toBeInstanceOf(Date);
    expect(message.history).toHaveLength(2);
    expect(message.embeds[0]).toMatchObject({
      title: 'New Moderator Application',
      color: 0x57f287,
    });
    const fields = message.embeds.flatMap((e) => e.fields as { name: string; value: string }[]);
    expect(fields.find((f) => f.name === 'Decision')?.value).toBe(
      `Accepted by <@${h.users.lead}> at <t:${Math.floor((stored?.decidedAt?.getTime() ?? 0) / 1000)}:f>`,
    );
    expect(buttonsOf(message).map((b) => [b.label, b.disabled])).toEqual([
      ['Accept', true],
      ['Reject', true],
    ]);
    expect(h.fake.rejected).toEqual([]);
  });

  it("refuses a member's click ephemerally and changes nothing", async () => {
    const { id, message } = await postedApplication();
    const record = await click(message, 'Reject', h.users.member);
    expect(record.response).toMatchObject({
      type: 4,
      data: { content: REVIEW_REFUSAL, flags: 64 },
    });
    expect(record.original?.ephemeral).toBe(true);
    expect(await applications.findById(id)).toMatchObject({ status: 'pending', reviewerId: null });
    expect(message.history).toHaveLength(1);
    expect(buttonsOf(message).every((b) => !b.disabled)).toBe(true);
  });

  it('lets an executive reject', async () => {
    const { id, message } = await postedApplication();
    await click(message, 'Reject', h.users.executive);
    expect(await applications.findById(id)).toMatchObject({
      status: 'rejected',
      reviewerName: 'executive',
    });
    expect(message.embeds[0]).toMatchObject({ color: 0xed4245 });
  });

  it('keeps the first decision when two leads click at once', async () => {
    const { id, message } = await postedApplication();
    const [first, second] = await Promise.all([
      click(message, 'Accept', h.users.lead),
      click(message, 'Reject', h.users.secondLead),
    ]);
    const stored = await applications.findById(id);
    const records = [first, second];
    const winner = records.find((r) => r.response?.type === 7);
    const loser = records.find((r) => r.response?.type === 4);
    expect(winner && loser).toBeTruthy();
    expect(winner?.userId).toBe(stored?.reviewerId);
    const verb = stored?.status === 'accepted' ? 'accepted' : 'rejected';
    expect(loser?.response?.data).toMatchObject({
      content: `Already ${verb} by ${stored?.reviewerName}.`,
      flags: 64,
    });
    // One edit: the loser's click did not touch the message.
    expect(message.history).toHaveLength(2);
  });
});
