import {
  findTicketService,
  parseIntakeModalId,
  TICKET_INTAKE_MODAL,
  TicketIntakeSchema,
  ticketOpenedAnswer,
} from '../../core/tickets';
import { createTicketsRepository } from '../../db/repositories/tickets';
import type { ModalModule } from '../modules';
import { DEFER_EPHEMERAL, edited, modalText } from '../orders/order-interaction';
import { loadTicketServices, waitForChannel } from '../tickets/ticket-interaction';

/**
 * The intake form: acknowledged at once (Discord's 3 s), checked by the schema the site's form
 * uses, stored with its `ticket_open` job in one transaction; the answer links the channel
 * once the worker made it.
 */
export const ticketIntakeModal: ModalModule = {
  customIdPrefix: TICKET_INTAKE_MODAL,
  access: 'everyone',
  async execute(interaction, { config, db }) {
    await interaction.deferReply(DEFER_EPHEMERAL);
    const key = parseIntakeModalId(interaction.customId);
    const service = key && findTicketService(await loadTicketServices(db), key);
    if (!service) {
      await interaction.editReply(edited('That service is no longer offered; pick another one.'));
      return;
    }
    const parsed = TicketIntakeSchema.safeParse({
      service: service.key,
      request: modalText(interaction, 'request'),
      budgetRobux: modalText(interaction, 'budget'),
      deadline: modalText(interaction, 'deadline'),
      robloxUsername: modalText(interaction, 'roblox_username'),
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `• ${issue.message}`).join('\n');
      await interaction.editReply(edited(`Please fix this and order again:\n${problems}`));
      return;
    }
    const result = await createTicketsRepository(db).requestTicket({
      customerDiscordId: interaction.user.id,
      source: 'discord',
      intake: parsed.data,
      service,
      onePerService: config.tickets.onePerService,
    });
    if (!result.ok) {
      await interaction.editReply(edited(result.reason));
      return;
    }
    const tickets = createTicketsRepository(db);
    const ticket = await waitForChannel(db, result.ticket);
    await interaction.editReply(
      edited(ticketOpenedAnswer(ticket, await tickets.queuePosition(ticket))),
    );
  },
};
