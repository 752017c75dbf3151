import { findLimitViolations } from '../discord/limits';
import {
  BUTTON_STYLE,
  type DiscordActionRow,
  type DiscordButton,
  type DiscordMessagePayload,
} from '../discord/payload';
import { buildOrderCustomId, type OrderButtonAction } from './custom-ids';

/**
 * Shared pieces of the order messages (Discord API v10 JSON).
 *
 * Every order message sets `allowed_mentions` with `parse: []`, so text a user typed (a
 * comment, a reason, a username) can never ping; the one role and the users a message means to
 * ping are listed by id; the type makes `allowed_mentions` required and `parse` empty.
 */
export interface OrderAllowedMentions {
  parse: [];
  users?: string[];
  roles?: string[];
}

export type OrderMessagePayload = Omit<DiscordMessagePayload, 'allowed_mentions'> & {
  allowed_mentions: OrderAllowedMentions;
};

export const ORDER_COLORS = {
  brand: 0xb19cd9,
  success: 0x57f287,
  danger: 0xed4245,
  waiting: 0xfee75c,
} as const;

export const mentionUser = (id: string) => `<@${id}>`;
export const mentionRole = (id: string) => `<@&${id}>`;
export const mentionChannel = (id: string) => `<#${id}>`;
/** Discord shows it in each reader's time zone. */
export const discordTime = (at: Date) => `<t:${Math.floor(at.getTime() / 1000)}:f>`;

/** Only ids that are set, each once; Discord rejects an `allowed_mentions` listing duplicates. */
export function allowMentions(
  ids: { users?: (string | null | undefined)[]; roles?: (string | null | undefined)[] } = {},
): OrderAllowedMentions {
  const unique = (list: (string | null | undefined)[] = []) => [
    ...new Set(list.filter((id): id is string => Boolean(id))),
  ];
  const users = unique(ids.users);
  const roles = unique(ids.roles);
  return {
    parse: [],
    ...(users.length ? { users } : {}),
    ...(roles.length ? { roles } : {}),
  };
}

export function orderButton(
  label: string,
  style: DiscordButton['style'],
  customId: Parameters<typeof buildOrderCustomId>[0] & { action: OrderButtonAction },
  disabled: boolean,
): DiscordButton {
  return { type: 2, style, label, custom_id: buildOrderCustomId(customId), disabled };
}

export const buttonRow = (...components: DiscordButton[]): DiscordActionRow => ({
  type: 1,
  components,
});

export { BUTTON_STYLE };

/** A masked link Discord cannot be tricked by: `)` and spaces in the URL are percent-encoded. */
export function fileLink(label: string, url: string): string {
  const safe = url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `[${label}](${safe})`;
}

const IMAGE_PATH = /\.(png|jpe?g|gif|webp)$/i;

/** An embed can show the work itself when the link is to an image. */
export function isImageUrl(url: string): boolean {
  try {
    return IMAGE_PATH.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/**
 * Returns the payload after checking it against Discord's limits. The inputs are bounded by
 * the option schemas, so a violation is a bug here, not a user error: fail loudly.
 */
export function withinLimits(payload: OrderMessagePayload): OrderMessagePayload {
  const problems = findLimitViolations(payload);
  if (problems.length)
    throw new Error(`order message exceeds Discord limits: ${problems.join('; ')}`);
  return payload;
}
