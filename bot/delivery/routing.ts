import type { ApplicationType } from '../../core/applications/schema';
import type { Config } from '../../core/config';

export type DeliveryTarget = { kind: 'application'; type: ApplicationType } | { kind: 'contact' };

type ChannelConfig = Pick<
  Config,
  | 'DISCORD_APPLICATIONS_CHANNEL_ID'
  | 'DISCORD_MODERATOR_APPLICATIONS_CHANNEL_ID'
  | 'DISCORD_DESIGNER_APPLICATIONS_CHANNEL_ID'
  | 'DISCORD_CONTACT_CHANNEL_ID'
>;

/** The channel a delivery goes to, or the variable to set when none is configured. */
export function routeDelivery(
  config: ChannelConfig,
  target: DeliveryTarget,
): { channelId: string } | { missing: string } {
  if (target.kind === 'contact') {
    const channelId = config.DISCORD_CONTACT_CHANNEL_ID;
    return channelId ? { channelId } : { missing: 'DISCORD_CONTACT_CHANNEL_ID' };
  }
  const own =
    target.type === 'moderator'
      ? config.DISCORD_MODERATOR_APPLICATIONS_CHANNEL_ID
      : config.DISCORD_DESIGNER_APPLICATIONS_CHANNEL_ID;
  const channelId = own ?? config.DISCORD_APPLICATIONS_CHANNEL_ID;
  if (channelId) return { channelId };
  const specific = `DISCORD_${target.type.toUpperCase()}_APPLICATIONS_CHANNEL_ID`;
  return { missing: `DISCORD_APPLICATIONS_CHANNEL_ID or ${specific}` };
}
