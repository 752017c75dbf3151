import { buildIntakeModal, findTicketService, TICKET_SERVICE_SELECT } from '../../core/tickets';
import type { SelectModule } from '../modules';
import { ephemeral } from '../orders/order-interaction';
import { loadTicketServices } from '../tickets/ticket-interaction';

/** A service picked (on the panel or after "Order a design"): opens the intake form for it. */
export const ticketServiceSelect: SelectModule = {
  customIdPrefix: TICKET_SERVICE_SELECT,
  access: 'everyone',
  async execute(interaction, { db }) {
    const service = findTicketService(await loadTicketServices(db), interaction.values[0] ?? '');
    if (!service) {
      await interaction.reply(ephemeral('That service is no longer offered; pick another one.'));
      return;
    }
    await interaction.showModal(buildIntakeModal(service) as never);
  },
};
