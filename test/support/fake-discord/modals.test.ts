import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Client,
  type DiscordAPIError,
  FileUploadBuilder,
  LabelBuilder,
  ModalBuilder,
  Routes,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type TextChannel,
  TextDisplayBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, type InteractionRecord, startFakeDiscord } from './index';
import { connectTestClient, type TestClient } from './test-client';

// These tests check Discord's own behaviour, so Lunar's allowed_mentions rule is off here
// (it has its own test in fake-discord.test.ts).
const DISCORD_ONLY = { requireAllowedMentions: false } as const;

// /review as DESIGN.md describes it: a rating 1–5 and a comment, in today's Label layout.
const reviewModal = () =>
  new ModalBuilder()
    .setCustomId('review:T-42')
    .setTitle('Review order T-42')
    .addLabelComponents(
      new LabelBuilder()
        .setLabel('Rating')
        .setStringSelectMenuComponent(
          new StringSelectMenuBuilder()
            .setCustomId('rating')
            .addOptions(['1', '2', '3', '4', '5'].map((value) => ({ label: value, value }))),
        ),
      new LabelBuilder()
        .setLabel('Comment')
        .setTextInputComponent(
          new TextInputBuilder()
            .setCustomId('comment')
            .setStyle(TextInputStyle.Paragraph)
            .setMinLength(10),
        ),
      new LabelBuilder()
        .setLabel('Photos')
        .setFileUploadComponent(
          new FileUploadBuilder().setCustomId('photos').setRequired(false).setMaxValues(2),
        ),
    )
    .addTextDisplayComponents(new TextDisplayBuilder().setContent('Thank you!'));

describe('modals through the real discord.js client', () => {
  let fake: FakeDiscord;
  let bot: TestClient;
  let client: Client;
  let channelId: string;
  let customer: string;
  let other: string;

  beforeAll(async () => {
    fake = await startFakeDiscord(DISCORD_ONLY);
    [customer = '', other = ''] = fake.guild.members.map((m) => m.user.id);
    channelId = fake.guild.channels[0]?.id ?? '';
    bot = await connectTestClient(fake);
    client = bot.client;
    const review = new SlashCommandBuilder()
      .setName('review')
      .setDescription('Review your order')
      .addStringOption((o) => o.setName('order_id').setDescription('Ticket').setRequired(true));
    await client.application?.commands.set([review.toJSON()], fake.guild.id);
  }, 15_000);
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  async function openReview(): Promise<InteractionRecord> {
    bot.handle(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.showModal(reviewModal());
    });
    const record = await fake.runCommand({
      name: 'review',
      options: { order_id: 'T-42' },
      channelId,
      userId: customer,
    });
    expect(record.response?.type).toBe(9);
    return record;
  }

  it('submits the modal the bot showed, Label layout and all, with values and files', async () => {
    const opened = await openReview();
    let seen: Record<string, unknown> = {};
    bot.handle(async (interaction) => {
      if (!interaction.isModalSubmit()) return;
      const photos = interaction.fields.getUploadedFiles('photos');
      const photo = photos?.first();
      seen = {
        customId: interaction.customId,
        layout: interaction.components.map((c) => c.type),
        rating: interaction.fields.getStringSelectValues('rating'),
        comment: interaction.fields.getTextInputValue('comment'),
        photos: photos?.map((file) => file.name),
        download: photo ? (await fetch(photo.url)).status : 0,
      };
      await interaction.reply({ content: 'Thanks for the review', flags: 64 });
    });
    const submitted = await fake.submitModal({
      modal: opened,
      fields: {
        rating: ['5'],
        comment: 'Lovely logo, fast delivery',
        photos: [{ filename: 'shop.png', contentType: 'image/png', bytes: new Uint8Array(8) }],
      },
    });
    expect(seen).toEqual({
      customId: 'review:T-42',
      layout: [18, 18, 18, 10],
      rating: ['5'],
      comment: 'Lovely logo, fast delivery',
      photos: ['shop.png'],
      download: 200,
    });
    expect(submitted).toMatchObject({ type: 5, name: 'review:T-42', userId: customer });
    expect(submitted.original?.content).toBe('Thanks for the review');
  });

  it('refuses a submission Discord would not let through', async () => {
    const opened = await openReview();
    const submit = (fields: Record<string, unknown>, userId?: string) => () =>
      fake.submitModal({ modal: opened, fields: fields as never, userId });
    expect(submit({ rating: ['5'], comment: 'short' })).toThrow('comment is too short');
    expect(submit({ comment: 'Lovely logo work' })).toThrow('rating needs at least 1 value');
    expect(submit({ rating: ['6'], comment: 'Lovely logo work' })).toThrow(
      'rating has no option 6',
    );
    expect(submit({ rating: ['5'], comment: 'Lovely logo work', tip: 'x' })).toThrow(
      'no field tip',
    );
    expect(submit({ rating: ['5'], comment: 'Lovely logo work' }, other)).toThrow(
      'only the user it opened for',
    );
  });

  it('submits an action-row modal opened from a button, which may then update the message', async () => {
    const channel = client.channels.cache.get(channelId) as TextChannel;
    const message = await channel.send({
      content: 'Changes requested?',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId('qc:changes')
            .setLabel('Request changes')
            .setStyle(ButtonStyle.Danger),
        ),
      ],
    });
    bot.handle(async (interaction) => {
      if (!interaction.isButton()) return;
      const row = new ActionRowBuilder<TextInputBuilder>().addComponents(
        new TextInputBuilder()
          .setCustomId('reason')
          .setLabel('What to change')
          .setStyle(TextInputStyle.Short),
      );
      await interaction.showModal(
        new ModalBuilder().setCustomId('qc:reason').setTitle('Changes').addComponents(row),
      );
    });
    const opened = await fake.clickButton({
      channelId,
      messageId: message.id,
      customId: 'qc:changes',
      userId: customer,
    });
    let fromMessage = false;
    bot.handle(async (interaction) => {
      if (!interaction.isModalSubmit() || !interaction.isFromMessage()) return;
      fromMessage = interaction.message.id === message.id;
      await interaction.update({
        content: `Changes: ${interaction.fields.getTextInputValue('reason')}`,
        components: [],
      });
    });
    const submitted = await fake.submitModal({ modal: opened, fields: { reason: 'Bigger moon' } });
    expect(fromMessage).toBe(true);
    expect(submitted.response?.type).toBe(7);
    expect(fake.messagesIn(channelId).find((m) => m.id === message.id)?.content).toBe(
      'Changes: Bigger moon',
    );
  });

  it('answers a modal that breaks the limits with 400, naming the field', async () => {
    let error: DiscordAPIError | undefined;
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const input = { type: 4, custom_id: 'comment', style: 3, max_length: 4001 };
      const body = {
        type: 9,
        data: {
          custom_id: 'review',
          title: 't'.repeat(46),
          components: [{ type: 18, label: 'Comment', component: input }],
        },
      };
      await client.rest
        .post(Routes.interactionCallback(interaction.id, interaction.token), { body, auth: false })
        .catch((e: DiscordAPIError) => {
          error = e;
        });
      await interaction.reply('sorry');
    });
    const record = await fake.runCommand({
      name: 'review',
      options: { order_id: 'T-1' },
      channelId,
      userId: customer,
    });
    expect(error?.rawError).toMatchObject({
      code: 50035,
      errors: {
        data: {
          title: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] },
          components: {
            0: {
              component: {
                style: { _errors: [{ code: 'BASE_TYPE_CHOICES' }] },
                max_length: { _errors: [{ code: 'NUMBER_TYPE_MAX' }] },
              },
            },
          },
        },
      },
    });
    expect(record.callbacks.map((c) => c.status)).toEqual([400, 204]);
    expect(fake.rejected.length).toBeGreaterThan(0);
  });

  it('submits a modal it did not see opened, in either layout', async () => {
    const layouts: number[][] = [];
    bot.handle(async (interaction) => {
      if (!interaction.isModalSubmit()) return;
      layouts.push(interaction.components.map((c) => c.type));
      await interaction.reply(interaction.fields.getTextInputValue('reason'));
    });
    const row = await fake.submitModal({
      customId: 'old',
      fields: { reason: 'a' },
      layout: 'row',
      channelId,
      userId: customer,
    });
    const label = await fake.submitModal({
      customId: 'old',
      fields: { reason: 'b' },
      channelId,
      userId: customer,
    });
    expect([row.original?.content, label.original?.content]).toEqual(['a', 'b']);
    expect(layouts).toEqual([[1], [18]]);
  });
});
