import { describe, expect, it } from 'vitest';
import { routeDelivery } from './routing';

const shared = '100000000000000001';
const moderators = '100000000000000002';
const contact = '100000000000000003';

describe('routeDelivery', () => {
  it('sends each application type to its own channel, falling back to the shared one', () => {
    const config = { applications: shared, moderator_applications: moderators };
    expect(routeDelivery(config, { kind: 'application', type: 'moderator' })).toEqual({
      channelId: moderators,
    });
    expect(routeDelivery(config, { kind: 'application', type: 'designer' })).toEqual({
      channelId: shared,
    });
  });

  it('names the variable to set when no channel is configured', () => {
    expect(routeDelivery({}, { kind: 'application', type: 'designer' })).toEqual({
      missing: 'DISCORD_APPLICATIONS_CHANNEL_ID or DISCORD_DESIGNER_APPLICATIONS_CHANNEL_ID',
    });
    expect(routeDelivery({}, { kind: 'contact' })).toEqual({
      missing: 'DISCORD_CONTACT_CHANNEL_ID',
    });
    expect(routeDelivery({ contact }, { kind: 'contact' })).toEqual({
      channelId: contact,
    });
  });
});
