import type { ApplicationType } from '../../core/applications/schema';
import { type Config, DISCORD_CHANNEL_VARIABLES, type OrderChannelKey } from '../../core/config';

export type DeliveryTarget =
  | { kind: 'application'; type: ApplicationType }
  | { kind: 'contact' }
  /** An order message for a configured channel (QC, order log, reviews, payments). */
  | { kind: 'order_channel'; channel: OrderChannelKey }
  /** A fixed channel: an order's ticket. */
  | { kind: 'channel'; channelId: string }
  /** A customer's DMs; the worker posts the fallback in `fallbackChannelId` if they are closed. */
  | { kind: 'dm'; userId: string; fallbackChannelId: string }
  /**
   * An applicant's DMs, found in the guild by what they typed as their Discord username; when
   * that fails, a note goes to the application's message (`noteChannelId`, else its channel).
   */
  | { kind: 'applicant'; typed: string; type: ApplicationType; noteChannelId?: string };

type Channels = Partial<Config['discord']['channels']>;

/** The channel a delivery goes to, or the variable to set when none is configured. */
export function routeDelivery(
  channels: Channels,
  target: DeliveryTarget,
): { channelId: string } | { missing: string } {
  if (target.kind === 'channel') return { channelId: target.channelId };
  if (target.kind === 'dm') return { channelId: target.fallbackChannelId };
  if (target.kind === 'applicant') {
    if (target.noteChannelId) return { channelId: target.noteChannelId };
    return routeDelivery(channels, { kind: 'application', type: target.type });
  }
  if (target.kind === 'order_channel') {
    const channelId = channels[target.channel];
    return channelId ? { channelId } : { missing: DISCORD_CHANNEL_VARIABLES[target.channel] };
  }
  if (target.kind === 'contact') {
    const channelId = channels.contact;
    return channelId ? { channelId } : { missing: DISCORD_CHANNEL_VARIABLES.contact };
  }
  const key = target.type === 'moderator' ? 'moderator_applications' : 'designer_applications';
  const channelId = channels[key] ?? channels.applications;
  if (channelId) return { channelId };
  return {
    missing: `${DISCORD_CHANNEL_VARIABLES.applications} or ${DISCORD_CHANNEL_VARIABLES[key]}`,
  };
}
