import type { ApplicationType } from '../../core/applications/schema';
import { type Config, DISCORD_CHANNEL_VARIABLES } from '../../core/config';

export type DeliveryTarget = { kind: 'application'; type: ApplicationType } | { kind: 'contact' };

type Channels = Partial<Config['discord']['channels']>;

/** The channel a delivery goes to, or the variable to set when none is configured. */
export function routeDelivery(
  channels: Channels,
  target: DeliveryTarget,
): { channelId: string } | { missing: string } {
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
