import { MessageFlags } from 'discord.js';
import { buildServiceSelect, TICKET_ORDER_BUTTON } from '../../core/tickets';
import type { ButtonModule } from '../modules';
import { loadTicketServices } from '../tickets/ticket-interaction';

/** The panel's "Order a design": asks which service (the select then opens the intake form). */
export const ticketOrderButton: ButtonModule = {
  customIdPrefix: TICKET_ORDER_BUTTON,
  access: 'everyone',
  async execute(interaction, { db }) {
    const select = buildServiceSelect(await loadTicketServices(db));
    await interaction.reply({
      content: 'What would you like to order?',
      components: [select as never],
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  },
};
