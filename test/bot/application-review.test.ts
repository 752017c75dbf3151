import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../../bot/delivery/worker';
import { OTHER_GUILD_REFUSAL } from '../../bot/dispatcher';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { createOutboxRepository } from '../../db/repositories/outbox';
import { outbox as outboxTable } from '../../db/schema';
import { buildTestApp } from '../support/app';
import { DRIVERS } from '../support/database';
import type { FakeMessage, InteractionRecord } from '../support/fake-discord';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import {
  addressFor,
  designerAnswers,
  moderatorAnswers,
  pngBytes,
  submitApplication,
} from './factories';
import { type BotHarness, startBotHarness } from './harness';

type Button = { label: string; custom_id: string; disabled?: boolean };
const buttonsOf = (message: FakeMessage) =>
  message.components.flatMap((row) => row.components as Button[]);

describe.each(DRIVERS)('reviewing an application in Discord on %s', (driver) => {
  let h: BotHarness;
  let app: FastifyInstance;
  let worker: OutboxWorker;
  let applications: ReturnType<typeof createApplicationsRepository>;
  let outbox: ReturnType<typeof createOutboxRepository>;
  let submitted = 0;

  beforeAll(async () => {
    h = await startBotHarness(driver);
    app = await buildTestApp(h.database, { env: h.env });
    worker = h.startWorker();
    applications = createApplicationsRepository(h.database.db);
    outbox = createOutboxRepository(h.database.db);
  });
  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await h?.close();
  });

  /** Submits through the server and waits for the worker to post it. */
  async function postedApplication(
    overrides: Record<string, unknown> = {},
    images: Uint8Array[] = [],
  ): Promise<{ id: number; reference?: string; message: FakeMessage }> {
    submitted++;
    const form = images.length ? designerAnswers(submitted) : moderatorAnswers(submitted);
    const answers = { ...form, ...overrides };
    const { id = 0, reference } = await submitApplication(
      app,
      answers,
      images,
      addressFor(submitted),
    );
    const find = () =>
      h.fake.messages.find(
        (m) => (m.embeds[0]?.footer as { text: string })?.text === `Application ${reference}`,
      );
    await expect.poll(find, { timeout: 5000 }).toBeDefined();
    return { id, reference, message: find() as FakeMessage };
  }

  const click = (message: FakeMessage, label: string, userId: string, guildId?: string) =>
    h.fake.clickButton({
      channelId: message.channelId,
      messageId: message.id,
      customId: buttonsOf(message).find((b) => b.label === label)?.custom_id ?? '',
      userId,
      guildId,
    });
  /** Ephemeral follow-ups arrive after the deferred acknowledgement: wait for them. */
  const followUpsOf = async (record: InteractionRecord, count = 1) => {
    await expect.poll(() => record.followUps.length, { timeout: 5000 }).toBe(count);
    return record.followUps.map((m) => [m.content, m.ephemeral]);
  };

  it('edits the posted message for a decision made on the dashboard; the buttons then find it made', async () => {
    const { id, message } = await postedApplication();
    const { cookie, member } = await signInAsStaff(h.database.db, ['lead'], 'Dash Lead');
    const decided = await app.inject({
      method: 'POST',
      url: `/api/staff/applications/${id}/decision`,
      headers: { cookie, origin: SITE_ORIGIN },
      payload: { decision: 'accept', note: 'From the web' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    worker.wake();
    await expect.poll(() => message.history.length, { timeout: 10_000 }).toBe(2);
    expect(message.embeds[0]).toMatchObject({ color: 0x57f287 });
    const fields = message.embeds.flatMap((e) => e.fields as { name: string; value: string }[]);
    expect(fields.find((f) => f.name === 'Decision')?.value).toContain(
      `Accepted by <@${member.discordId}>`,
    );
    expect(buttonsOf(message).every((button) => button.disabled)).toBe(true);
  });

  it("stores a lead's Accept and shows it on the message with the buttons disabled", async () => {
    const { id, message } = await postedApplication();
    const record = await click(message, 'Accept', h.users.lead);
    // Deferred update first (6), then the outbox worker's edit of the message.
    expect(record.response?.type).toBe(6);
    await expect.poll(() => message.history.length, { timeout: 5000 }).toBe(2);
    const stored = await applications.findById(id);
    expect(stored).toMatchObject({
      status: 'accepted',
      decision: { status: 'accepted', reviewerId: h.users.lead, reviewerName: 'lead' },
    });
    expect(stored?.decision?.decidedAt).toBeInstanceOf(Date);
    expect(message.history).toHaveLength(2);
    expect(message.embeds[0]).toMatchObject({
      title: 'New Moderator Application',
      color: 0x57f287,
    });
    const fields = message.embeds.flatMap((e) => e.fields as { name: string; value: string }[]);
    expect(fields.find((f) => f.name === 'Decision')?.value).toBe(
      `Accepted by <@${h.users.lead}> at <t:${Math.floor((stored?.decision?.decidedAt.getTime() ?? 0) / 1000)}:f>`,
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
      data: { content: 'This needs the Lead Designer or Executive role.', flags: 64 },
    });
    expect(record.original?.ephemeral).toBe(true);
    expect(await applications.findById(id)).toMatchObject({ status: 'pending', decision: null });
    expect(message.history).toHaveLength(1);
    expect(buttonsOf(message).every((b) => !b.disabled)).toBe(true);
  });

  it('lets an executive reject', async () => {
    const { id, message } = await postedApplication();
    await click(message, 'Reject', h.users.executive);
    await expect.poll(() => message.history.length, { timeout: 5000 }).toBe(2);
    expect(await applications.findById(id)).toMatchObject({
      status: 'rejected',
      decision: { reviewerName: 'executive' },
    });
    expect(message.embeds[0]).toMatchObject({ color: 0xed4245 });
  });

  it('keeps the first decision when two leads click at once', async () => {
    const { id, message } = await postedApplication();
    const [first, second] = await Promise.all([
      click(message, 'Accept', h.users.lead),
      click(message, 'Reject', h.users.secondLead),
    ]);
    expect([first.response?.type, second.response?.type]).toEqual([6, 6]);
    // The clicks are acknowledged before the decision is written: wait for it.
    await expect
      .poll(async () => (await applications.findById(id))?.status, { timeout: 5000 })
      .not.toBe('pending');
    const stored = await applications.findById(id);
    const winner = [first, second].find((r) => r.userId === stored?.decision?.reviewerId);
    const loser = [first, second].find((r) => r.userId !== stored?.decision?.reviewerId);
    const verb = stored?.status === 'accepted' ? 'accepted' : 'rejected';
    expect(await followUpsOf(loser as InteractionRecord)).toEqual([
      [`Already ${verb} by ${stored?.decision?.reviewerName}.`, true],
    ]);
    expect(winner?.followUps).toEqual([]);
    // One edit, showing the stored decision.
    await expect.poll(() => message.history.length, { timeout: 5000 }).toBe(2);
    expect(message.embeds[0]).toMatchObject({ color: verb === 'accepted' ? 0x57f287 : 0xed4245 });
  });

  it('edits the message once Discord takes edits again; a later click is told who was first', async () => {
    const { id, message } = await postedApplication();
    h.fake.failNext(3, { status: 503 }, { method: 'PATCH', path: /^\/channels\// });
    const first = await click(message, 'Accept', h.users.lead);
    expect(first.response?.type).toBe(6);
    await expect
      .poll(async () => (await outbox.findByRef('application_decision_edit', id))?.status, {
        timeout: 10_000,
      })
      .toBe('delivered');
    expect((await outbox.findByRef('application_decision_edit', id))?.attempts).toBe(4);
    expect(first.followUps).toEqual([]);
    expect(message.history).toHaveLength(2);
    expect(message.embeds[0]).toMatchObject({ color: 0x57f287 });
    expect(buttonsOf(message).map((b) => b.disabled)).toEqual([true, true]);

    const second = await click(message, 'Reject', h.users.executive);
    expect(await followUpsOf(second)).toEqual([['Already accepted by lead.', true]]);
    expect(message.history).toHaveLength(2);
    expect(await applications.findById(id)).toMatchObject({ status: 'accepted' });
    expect(h.fake.rejected).toEqual([]);
  });

  it('keeps the attached portfolio image when the decision edits the message', async () => {
    const { message } = await postedApplication({}, [pngBytes(7)]);
    const posted = message.embeds[0]?.image as { url: string };
    // Discord gave the uploaded image a link of its own when the message was posted.
    expect(posted.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/attachments\//);
    await click(message, 'Accept', h.users.lead);
    await expect.poll(() => message.history.length, { timeout: 10_000 }).toBe(2);
    expect(message.embeds[0]?.image).toEqual({ url: posted.url });
    expect(message.attachments).toHaveLength(1);
  });

  it('refuses clicks from any other server and changes nothing', async () => {
    const { id, message } = await postedApplication();
    const record = await click(message, 'Accept', h.users.lead, '123456789012345678');
    expect(record.response).toMatchObject({
      type: 4,
      data: { content: OTHER_GUILD_REFUSAL, flags: 64 },
    });
    expect(await applications.findById(id)).toMatchObject({ status: 'pending', decision: null });
    expect(message.history).toHaveLength(1);
  });

  describe('telling the applicant', () => {
    const decisionRow = (id: number) => outbox.findByRef('application_decision', id);
    const delivered = async (id: number) =>
      expect.poll(async () => (await decisionRow(id))?.status, { timeout: 5000 }).toBe('delivered');
    const notesUnder = (message: FakeMessage) =>
      h.fake.messages.filter((m) => m.replyTo === message.id);

    it('DMs the accepted applicant found in the server by their username', async () => {
      const applicant = h.fake.addMember({ username: 'found.applicant' });
      // Typed as people do: a leading @ and capitals.
      const { id, reference, message } = await postedApplication({
        discordUsername: '@Found.Applicant',
      });
      await click(message, 'Accept', h.users.lead);
      await delivered(id);
      const [dm, ...more] = h.fake.dmsTo(applicant.user.id);
      expect(more).toEqual([]);
      expect(dm?.embeds[0]).toMatchObject({
        title: 'Your Moderator application was accepted',
        footer: { text: `Reference ${reference}` },
        color: 0x57f287,
      });
      expect(notesUnder(message)).toEqual([]);
      expect(h.fake.rejected).toEqual([]);
    });

    it('DMs a rejection to an applicant who gave their user id', async () => {
      const applicant = h.fake.addMember({ username: 'by.id' });
      const { id, message } = await postedApplication({ discordUsername: applicant.user.id });
      await click(message, 'Reject', h.users.executive);
      await delivered(id);
      expect(h.fake.dmsTo(applicant.user.id).map((m) => m.embeds[0]?.title)).toEqual([
        'Your Moderator application was not accepted',
      ]);
    });

    it('tells the reviewer under the message when no member has that username', async () => {
      const { id, reference, message } = await postedApplication({
        discordUsername: 'nobody.here',
      });
      await click(message, 'Accept', h.users.lead);
      await delivered(id);
      const [note, ...more] = notesUnder(message);
      expect(more).toEqual([]);
      expect(note?.channelId).toBe(message.channelId);
      expect(note?.content).toBe(
        `Application ${reference}: the acceptance was not sent to the applicant, because no ` +
          `member of this server has the Discord username **nobody.here**. <@${h.users.lead}> ` +
          'Please tell them yourself.',
      );
      expect(note?.pings.users).toEqual([h.users.lead]);
      expect(h.fake.rejected).toEqual([]);
    });

    it('tells the reviewer when the applicant does not accept DMs', async () => {
      const applicant = h.fake.addMember({ username: 'quiet.applicant', closedDms: true });
      const { id, message } = await postedApplication({ discordUsername: 'quiet.applicant' });
      await click(message, 'Reject', h.users.lead);
      await delivered(id);
      expect(h.fake.dmsTo(applicant.user.id)).toEqual([]);
      const [note] = notesUnder(message);
      expect(note?.content).toMatch(
        /the rejection was not sent to the applicant, because \*\*quiet\.applicant\*\* does not accept direct messages/,
      );
    });

    it('tells the reviewer when Discord refuses the member search (Server Members Intent off)', async () => {
      h.fake.addMember({ username: 'hidden.applicant' });
      const { id, message } = await postedApplication({ discordUsername: 'hidden.applicant' });
      h.fake.failNext(
        1,
        { status: 403, code: 50001, message: 'Missing Access' },
        { method: 'GET', path: /\/members\/search$/ },
      );
      await click(message, 'Accept', h.users.lead);
      await delivered(id);
      const [note] = notesUnder(message);
      expect(note?.content).toMatch(/turn on the Server Members Intent in the developer portal/);
    });

    it('queues one DM per application, not one per click', async () => {
      h.fake.addMember({ username: 'twice.clicked' });
      const { id, message } = await postedApplication({ discordUsername: 'twice.clicked' });
      await click(message, 'Accept', h.users.lead);
      await click(message, 'Reject', h.users.executive);
      await delivered(id);
      const rows = await h.database.db.select().from(outboxTable);
      expect(rows.filter((r) => r.kind === 'application_decision' && r.refId === id)).toHaveLength(
        1,
      );
    });
  });
});
