import { SlashCommandBuilder } from 'discord.js';
import { buildTicketPanel } from '../../core/tickets';
import { createSystemStateRepository } from '../../db/repositories/system-state';
import type { CommandModule } from '../modules';
import { DEFER_EPHEMERAL, edited } from '../orders/order-interaction';
import { loadTicketServices } from '../tickets/ticket-interaction';

/**
 * `/ticketpanel`: posts the ordering panel in this channel (an embed, "Order a design", the
 * service select built from site content) and removes the previous panel, wherever it was.
 * Its custom_ids carry no state, so the buttons keep working after restarts.
 */
export const ticketPanelCommand: CommandModule = {
  data: new SlashCommandBuilder()
    .setName('ticketpanel')
    .setDescription('Post the "Order a design" panel in this channel (replaces the old one)')
    .toJSON(),
  access: { roles: ['executive'] },
  async execute(interaction, { db }) {
    await interaction.deferReply(DEFER_EPHEMERAL);
    const channel = interaction.channel;
    if (!channel?.isSendable()) {
      await interaction.editReply(
        edited('Run /ticketpanel in a text channel the bot can post in.'),
      );
      return;
    }
    const panel = buildTicketPanel(await loadTicketServices(db));
    const posted = await channel.send({
      embeds: panel.embeds,
      components: panel.components as never,
      allowedMentions: { parse: [] },
    });
    const state = createSystemStateRepository(db);
    const previous = await state.ticketPanel();
    await state.setTicketPanel({ channelId: posted.channelId, messageId: posted.id });
    if (previous && previous.messageId !== posted.id) {
      // Gone already (deleted by hand, or its channel): nothing to replace.
      await interaction.client.rest
        .delete(`/channels/${previous.channelId}/messages/${previous.messageId}`)
        .catch(() => undefined);
    }
    await interaction.editReply(
      edited(previous ? 'Panel posted; the old one is removed.' : 'Panel posted.'),
    );
  },
};
