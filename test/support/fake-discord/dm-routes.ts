import { HttpError, INVALID_RECIPIENTS } from './errors';
import { toDmChannel } from './payloads';
import type { Route } from './router';
import { generateSnowflake } from './snowflake';

export const dmRoutes: Route[] = [
  {
    // Create DM: the same channel every time for the same user, as on Discord. Whether the
    // user accepts messages is only checked when one is sent.
    method: 'POST',
    pattern: '/users/@me/channels',
    auth: 'bot',
    handle: ({ state, body }) => {
      const recipientId = String(body.recipient_id ?? '');
      const recipient = state.users.get(recipientId);
      if (!recipient || recipient.bot) {
        throw new HttpError(400, { message: 'Invalid Recipient(s)', code: INVALID_RECIPIENTS });
      }
      let channel = state.dmChannels.find((item) => item.recipientId === recipientId);
      if (!channel) {
        channel = { id: generateSnowflake(), type: 1, recipientId };
        state.dmChannels.push(channel);
      }
      return { status: 200, body: toDmChannel(recipient, channel.id) };
    },
  },
];
