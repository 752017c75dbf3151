import {
  type ChatInputCommandInteraction,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandUserOption,
} from 'discord.js';
import { type Config, DISCORD_ROLE_KEYS } from '../../core/config';
import type { Actor } from '../../core/orders';
import {
  isTicketStaff,
  mayUseTicketNotes,
  TICKET_CLOSE_REASON_MAX,
  TICKET_NOTE_MAX,
  TICKET_NOTE_REFUSALS,
  TICKET_REFUSALS,
  type Ticket,
  TicketCloseReasonSchema,
  TicketNoteTextSchema,
  ticketName,
  ticketNumberOf,
} from '../../core/tickets';
import { createTicketNotesRepository } from '../../db/repositories/ticket-notes';
import { createTicketsRepository } from '../../db/repositories/tickets';
import type { BotContext, CommandModule } from '../modules';
import { DEFER_EPHEMERAL, edited } from '../orders/order-interaction';
import { askStaffToClose } from '../tickets/close-request';
import { ticketActor } from '../tickets/ticket-interaction';

// `/ticket …` inside a ticket: add or remove a person, rename the channel, force-close with a
// reason (the customer: ask staff to close), a staff-only note, unclaim or reassign (leads and
// executives); `/ticket reopen` from anywhere.

/** What a person added to a ticket may do there (the customer's own overwrite). */
const TALK =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory;

const user = (name: string, description: string) => (option: SlashCommandUserOption) =>
  option.setName(name).setDescription(description).setRequired(true);

export const ticketCommand: CommandModule = {
  data: new SlashCommandBuilder()
    .setName('ticket')
    .setDescription('Work on this ticket')
    .addSubcommand((sub) =>
      sub
        .setName('add')
        .setDescription('Let someone see and write in this ticket')
        .addUserOption(user('user', 'Who to add')),
    )
    .addSubcommand((sub) =>
      sub
        .setName('remove')
        .setDescription('Take someone out of this ticket')
        .addUserOption(user('user', 'Who to remove')),
    )
    .addSubcommand((sub) =>
      sub
        .setName('rename')
        .setDescription('Rename this ticket’s channel (it keeps its number)')
        .addStringOption((option) =>
          option
            .setName('name')
            .setDescription('Words after the number, e.g. logo')
            .setRequired(true)
            .setMaxLength(80),
        ),
    )
    .addSubcommand((sub) =>
      sub
        .setName('close')
        .setDescription('Close this ticket now, with a reason (customers: ask staff to close it)')
        .addStringOption((option) =>
          option
            .setName('reason')
            .setDescription('Why')
            .setRequired(true)
            .setMaxLength(TICKET_CLOSE_REASON_MAX),
        ),
    )
    .addSubcommand((sub) =>
      sub
        .setName('note')
        .setDescription('Add a note only staff see (on the dashboard), never the customer')
        .addStringOption((option) =>
          option
            .setName('text')
            .setDescription('The note')
            .setRequired(true)
            .setMaxLength(TICKET_NOTE_MAX),
        ),
    )
    .addSubcommand((sub) =>
      sub.setName('unclaim').setDescription('Release this ticket (leads and executives)'),
    )
    .addSubcommand((sub) =>
      sub
        .setName('reassign')
        .setDescription('Give this ticket to another designer (leads and executives)')
        .addUserOption(user('designer', 'The designer')),
    )
    .addSubcommand((sub) =>
      sub
        .setName('reopen')
        .setDescription('Reopen a closed ticket')
        .addStringOption((option) =>
          option
            .setName('ticket')
            .setDescription('Its name, e.g. ticket-0042')
            .setRequired(true)
            .setMaxLength(20),
        ),
    )
    .toJSON(),
  access: 'everyone',
  async execute(interaction, ctx) {
    await interaction.deferReply(DEFER_EPHEMERAL);
    const answer = await run(interaction, ctx);
    await interaction.editReply(edited(answer));
  },
};

async function run(
  interaction: ChatInputCommandInteraction,
  { config, db }: BotContext,
): Promise<string> {
  const tickets = createTicketsRepository(db);
  const actor = ticketActor(interaction, config);
  const sub = interaction.options.getSubcommand();
  if (sub === 'reopen') {
    const number = ticketNumberOf(interaction.options.getString('ticket', true));
    const target = number ? await tickets.getTicket(number) : null;
    if (!target) return TICKET_REFUSALS.unknownTicket;
    const result = await tickets.reopenTicket(target.id, actor, config.tickets.reopenDays);
    return result.ok
      ? `${ticketName(target.id)} is reopening; a new channel appears in a moment.`
      : result.reason;
  }
  const ticket = await tickets.findTicketByChannel(interaction.channelId);
  if (!ticket || ticket.status === 'closed')
    return ticket ? TICKET_REFUSALS.closed(ticket) : TICKET_REFUSALS.unknownTicket;
  if (sub === 'note') return addNote(interaction, ticket, actor, db);
  if (sub === 'close') {
    const reason = TicketCloseReasonSchema.safeParse(interaction.options.getString('reason', true));
    if (!reason.success) return reason.error.issues[0]?.message ?? 'Give a reason';
    // The customer asks staff instead (when the studio allows it); their words go with it.
    if (actor.discordId === ticket.customerDiscordId)
      return askStaffToClose(interaction, ticket, { config, db }, reason.data);
    const result = await tickets.forceCloseTicket(ticket.id, actor, reason.data);
    return result.ok
      ? `${ticketName(ticket.id)} is closed; its transcript is being saved.`
      : result.reason;
  }
  if (sub === 'unclaim' || sub === 'reassign') {
    const result =
      sub === 'unclaim'
        ? await tickets.unclaimTicket(ticket.id, actor)
        : await tickets.reassignTicket(
            ticket.id,
            actor,
            optionActor(interaction, 'designer', config),
          );
    // The `ticket_claim` job shows it on the intake (and announces a reassigned designer).
    if (!result.ok) return result.reason;
    return sub === 'unclaim'
      ? `${ticketName(ticket.id)} is unclaimed.`
      : `${ticketName(ticket.id)} now belongs to <@${result.ticket.claimantDiscordId}>.`;
  }
  if (!isTicketStaff(actor)) return TICKET_REFUSALS.staffOnly;
  const channel = interaction.channel;
  if (!channel || !('permissionOverwrites' in channel)) return TICKET_REFUSALS.unknownTicket;
  if (sub === 'add' || sub === 'remove') {
    const target = interaction.options.getUser('user', true);
    if (target.id === ticket.customerDiscordId && sub === 'remove')
      return 'The customer stays in their own ticket.';
    if (sub === 'add')
      await channel.permissionOverwrites.edit(target.id, toAllowMap(TALK), { type: 1 });
    else await channel.permissionOverwrites.delete(target.id);
    await tickets.recordTicketEvent(
      ticket.id,
      sub === 'add' ? 'member_added' : 'member_removed',
      actor.discordId,
      { userId: target.id },
    );
    return sub === 'add'
      ? `<@${target.id}> can now see this ticket.`
      : `<@${target.id}> no longer sees this ticket.`;
  }
  // rename: the number stays first, so the ticket is still found by name and in order.
  const words = interaction.options
    .getString('name', true)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  const name = words ? `${ticketName(ticket.id)}-${words}` : ticketName(ticket.id);
  await channel.setName(name);
  await tickets.recordTicketEvent(ticket.id, 'renamed', actor.discordId, { name });
  return `Renamed to #${name}.`;
}

/** `/ticket note`: stored for the dashboard, answered only to the writer, never posted. */
async function addNote(
  interaction: ChatInputCommandInteraction,
  ticket: Ticket,
  actor: Actor,
  db: BotContext['db'],
): Promise<string> {
  if (!isTicketStaff(actor)) return TICKET_REFUSALS.staffOnly;
  if (!mayUseTicketNotes({ discordId: actor.discordId, roles: [...actor.roles] }, ticket))
    return TICKET_NOTE_REFUSALS.notAllowed(ticketName(ticket.id));
  const text = TicketNoteTextSchema.safeParse(interaction.options.getString('text', true));
  if (!text.success) return text.error.issues[0]?.message ?? 'Write the note';
  await createTicketNotesRepository(db).addNote(ticket.id, actor.discordId, text.data, 'discord');
  return `Note added to ${ticketName(ticket.id)}. Only staff see it, on the ticket’s dashboard page.`;
}

/** The member an option names, with the studio roles they hold (from the resolved member). */
function optionActor(
  interaction: ChatInputCommandInteraction,
  name: string,
  config: Config,
): Actor {
  const member = interaction.options.getMember(name);
  const held = new Set(
    !member ? [] : Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()],
  );
  const roles = config.discord.roles;
  return {
    discordId: interaction.options.getUser(name, true).id,
    roles: new Set(DISCORD_ROLE_KEYS.filter((key) => roles[key] && held.has(roles[key]))),
  };
}

/** discord.js takes overwrites as a map of permission names to true. */
function toAllowMap(bits: bigint): Record<string, true> {
  const names = Object.entries(PermissionFlagsBits).filter(([, bit]) => (bits & bit) === bit);
  return Object.fromEntries(names.map(([name]) => [name, true]));
}
