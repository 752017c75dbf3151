import { escapeMarkdown } from '../discord/markdown';
import type { DiscordMessagePayload } from '../discord/payload';
import { APPLICATION_COLORS } from './discord-message';
import type { ApplicationRecord } from './record';
import { applicationReference } from './reference';

// What the applicant hears once a lead decides, and what the reviewer hears when the bot
// cannot tell them (docs/decisions/013-application-reference-and-decision-dm.md).

const ROLE_NAMES = { moderator: 'Moderator', designer: 'Designer' } as const;

/** The DM to the applicant with the decision; null while the application is undecided. */
export function buildDecisionDm(app: ApplicationRecord): DiscordMessagePayload | null {
  if (!app.decision) return null;
  const role = ROLE_NAMES[app.type];
  const reference = applicationReference(app.type, app.id);
  const accepted = app.decision.status === 'accepted';
  return {
    embeds: [
      {
        title: accepted
          ? `Your ${role} application was accepted`
          : `Your ${role} application was not accepted`,
        description: accepted
          ? 'Congratulations! A member of our team will contact you in the server about the next steps.'
          : 'Thank you for applying. We will not take your application further this time; you are welcome to apply again in a later wave.',
        color: APPLICATION_COLORS[app.decision.status],
        footer: { text: `Reference ${reference}` },
        timestamp: app.decision.decidedAt.toISOString(),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/**
 * Why the decision could not be sent to the applicant. `lookup-refused`: Discord lets a bot
 * search members by name only with the Server Members Intent turned on in the developer
 * portal (README, Connecting Discord).
 */
export type DecisionDmFailure = 'not-found' | 'dms-closed' | 'lookup-refused';

/**
 * The note for the reviewer, as a reply to the application's message (when it is known): the
 * applicant was not told, so someone has to tell them.
 */
export function buildDecisionNotDeliveredNote(
  app: ApplicationRecord,
  reason: DecisionDmFailure,
  replyTo?: string,
): DiscordMessagePayload {
  const who = `**${escapeMarkdown(app.discordUsername)}**`;
  const why = {
    'not-found': `no member of this server has the Discord username ${who}`,
    'dms-closed': `${who} does not accept direct messages from this server`,
    'lookup-refused':
      `the bot may not search this server's members for ${who} ` +
      '(turn on the Server Members Intent in the developer portal)',
  }[reason];
  const verb = app.decision?.status === 'accepted' ? 'acceptance' : 'rejection';
  const reviewer = app.decision ? ` <@${app.decision.reviewerId}>` : '';
  return {
    content:
      `Application ${applicationReference(app.type, app.id)}: the ${verb} was not sent to the ` +
      `applicant, because ${why}.${reviewer} Please tell them yourself.`,
    embeds: [],
    // Only the reviewer is pinged: the note is for them, the applicant's text pings no one.
    allowed_mentions: { parse: [], ...(app.decision && { users: [app.decision.reviewerId] }) },
    ...(replyTo && { message_reference: { message_id: replyTo, fail_if_not_exists: false } }),
  };
}
