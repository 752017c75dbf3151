import type { ButtonInteraction, InteractionEditReplyOptions } from 'discord.js';
import type { Config } from '../../core/config';
import {
  buildClaimAnnouncement,
  buildClosePrompt,
  buildCustomerCloseAnswered,
  buildCustomerCloseDenied,
  buildIntakeUpdate,
  parseTicketButtonId,
  TICKET_CUSTOM_ID_PREFIX,
  type Ticket,
  type TicketButtonAction,
} from '../../core/tickets';
import type { Database } from '../../db/client';
import { createTicketsRepository, type TicketResult } from '../../db/repositories/tickets';
import type { Access, ButtonModule } from '../modules';
import { DEFER_EPHEMERAL, edited, ephemeral, toMessageOptions } from '../orders/order-interaction';
import { askStaffToClose, postInChannel } from '../tickets/close-request';
import { ticketActor } from '../tickets/ticket-interaction';

// The buttons in a ticket: Claim and Close under the intake, Confirm and Keep open under a
// request to close (staff asked; the customer answers), Confirm and Deny under a customer's
// request (the customer asked; staff answer). Each calls the one repository function the dashboard and /ticket call.

/** The intake's embed and buttons as they should be; its greeting (content) stays as posted. */
function intakeEdit(ticket: Ticket): InteractionEditReplyOptions {
  const { content: _content, ...options } = toMessageOptions(buildIntakeUpdate(ticket));
  return options;
}

type Run = (
  interaction: ButtonInteraction,
  ticketId: number,
  deps: { config: Config; db: Database },
) => Promise<TicketResult>;

function ticketButton(
  action: TicketButtonAction,
  access: Access,
  run: Run,
  after: (
    interaction: ButtonInteraction,
    result: Extract<TicketResult, { ok: true }>,
  ) => Promise<void>,
  /** After a refusal is answered: e.g. a stale intake put right. */
  refused?: (interaction: ButtonInteraction, ticketId: number, db: Database) => Promise<void>,
): ButtonModule {
  return {
    customIdPrefix: `${TICKET_CUSTOM_ID_PREFIX}:${action}`,
    access,
    async execute(interaction, { config, db }) {
      const parsed = parseTicketButtonId(interaction.customId);
      if (!parsed) throw new Error(`bad custom id ${interaction.customId}`);
      await interaction.deferUpdate();
      const result = await run(interaction, parsed.ticketId, { config, db });
      if (!result.ok) {
        await interaction.followUp(ephemeral(result.reason));
        await refused?.(interaction, parsed.ticketId, db);
        return;
      }
      await after(interaction, result);
    },
  };
}

/**
 * Claim: the claimant becomes the order's designer; the intake shows who and when, and the
 * ticket says who will handle the order (the customer is pinged once). Pressed on an intake
 * that still offers Claim although someone has the ticket (its update is on its way, or was
 * lost), the answer names who has it and the intake is put right.
 */
export const ticketClaimButton = ticketButton(
  'claim',
  { roles: ['designer', 'lead', 'executive'] },
  (interaction, id, { config, db }) =>
    createTicketsRepository(db).claimTicket(id, ticketActor(interaction, config)),
  async (interaction, { ticket }) => {
    await interaction.editReply(intakeEdit(ticket));
    await interaction.followUp(toMessageOptions(buildClaimAnnouncement(ticket)));
  },
  async (interaction, id, db) => {
    const ticket = await createTicketsRepository(db).getTicket(id);
    if (ticket?.claimantDiscordId) await interaction.editReply(intakeEdit(ticket));
  },
);

const askToClose = ticketButton(
  'close',
  'everyone',
  (interaction, id, { config, db }) =>
    createTicketsRepository(db).askToCloseTicket(id, ticketActor(interaction, config)),
  async (interaction, { ticket }) => {
    await interaction.followUp(toMessageOptions(buildClosePrompt(ticket, interaction.user.id)));
  },
);

/**
 * Close: the claimant or a lead asks; the customer gets Confirm / Keep open. Pressed by the
 * ticket's customer, it asks staff to close instead (when the studio allows it), or says that
 * only staff close tickets here.
 */
export const ticketCloseButton: ButtonModule = {
  ...askToClose,
  async execute(interaction, ctx) {
    const parsed = parseTicketButtonId(interaction.customId);
    const ticket = parsed && (await createTicketsRepository(ctx.db).getTicket(parsed.ticketId));
    if (!ticket || ticket.customerDiscordId !== interaction.user.id) {
      return askToClose.execute(interaction, ctx);
    }
    await interaction.deferReply(DEFER_EPHEMERAL);
    await interaction.editReply(edited(await askStaffToClose(interaction, ticket, ctx)));
  },
};

/** Confirm and close (the customer): the worker archives the channel and deletes it. */
export const ticketConfirmButton = ticketButton(
  'confirm',
  'everyone',
  (interaction, id, { config, db }) =>
    createTicketsRepository(db).confirmClose(id, ticketActor(interaction, config)),
  async (interaction) => {
    await interaction.editReply({
      content: 'Closed: thank you! This channel is archived and removed shortly.',
      components: [],
      allowedMentions: { parse: [] },
    });
  },
);

/** Keep open (the customer): the ticket goes on. */
export const ticketKeepOpenButton = ticketButton(
  'keep',
  'everyone',
  (interaction, id, { config, db }) =>
    createTicketsRepository(db).keepOpen(id, ticketActor(interaction, config)),
  async (interaction) => {
    await interaction.editReply({
      content: 'The customer kept this ticket open.',
      components: [],
      allowedMentions: { parse: [] },
    });
  },
);

/** Confirm a customer's request to close: closed as a force-close is, with their reason. */
export const ticketApproveCloseButton = ticketButton(
  'approve',
  { roles: ['designer', 'lead', 'executive'] },
  (interaction, id, { config, db }) =>
    createTicketsRepository(db).approveCustomerClose(id, ticketActor(interaction, config)),
  async (interaction, { ticket }) => {
    await interaction.editReply(
      toMessageOptions(buildCustomerCloseAnswered(ticket, interaction.user.id, true)),
    );
  },
);

/** Deny a customer's request to close: the ticket goes on, and the customer is told. */
export const ticketDenyCloseButton = ticketButton(
  'deny',
  { roles: ['designer', 'lead', 'executive'] },
  (interaction, id, { config, db }) =>
    createTicketsRepository(db).denyCustomerClose(id, ticketActor(interaction, config)),
  async (interaction, { ticket }) => {
    await interaction.editReply(
      toMessageOptions(buildCustomerCloseAnswered(ticket, interaction.user.id, false)),
    );
    await postInChannel(interaction, buildCustomerCloseDenied(ticket, interaction.user.id));
  },
);
