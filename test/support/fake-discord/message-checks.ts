import type { UploadedFile } from './body';
import {
  CANNOT_MESSAGE_USER,
  EMPTY_MESSAGE,
  ENTITY_TOO_LARGE,
  HttpError,
  INVALID_FORM_BODY,
  notFound,
  UNKNOWN_CHANNEL,
  UNKNOWN_GUILD,
} from './errors';
import { assertNoIssues } from './form-errors';
import type { SeededGuild } from './guild';
import { toApiChannel, toDmChannel } from './payloads';
import { type DmChannel, type FakeState, findMember } from './state';
import { isEmptyMessage, validateMessageBody } from './validate';

/** Throws the 4xx Discord would answer for a message body it refuses. */
export function assertMessageBody(
  state: FakeState,
  body: Record<string, unknown>,
  files: UploadedFile[],
  { creating }: { creating: boolean },
): void {
  const tooLarge = files.find((file) => file.bytes.length > state.maxFileBytes);
  if (tooLarge) {
    throw new HttpError(413, { message: 'Request entity too large', code: ENTITY_TOO_LARGE }, true);
  }
  assertNoIssues(validateMessageBody(body, files.length));
  if (state.requireAllowedMentions && body.allowed_mentions === undefined) {
    throw new HttpError(
      400,
      {
        message:
          'Missing allowed_mentions (the fake enforces Lunar’s rule: every message and reply ' +
          'states who may be pinged, so text a user typed never pings)',
        code: INVALID_FORM_BODY,
        errors: {
          allowed_mentions: {
            _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }],
          },
        },
      },
      true,
    );
  }
  if (creating && isEmptyMessage(body, files.length)) {
    throw new HttpError(
      400,
      { message: 'Cannot send an empty message', code: EMPTY_MESSAGE },
      true,
    );
  }
}

export type AnyChannel = SeededGuild['channels'][number] | DmChannel;

export function findChannel(state: FakeState, channelId: string): AnyChannel {
  const channel =
    state.guild.channels.find((item) => item.id === channelId) ??
    state.dmChannels.find((item) => item.id === channelId);
  if (!channel) throw notFound(UNKNOWN_CHANNEL, 'Channel');
  return channel;
}

export function toAnyChannel(state: FakeState, channel: AnyChannel) {
  if (!('recipientId' in channel)) {
    const last = state.messages.findLast((item) => item.channelId === channel.id && !item.deleted);
    return toApiChannel(state.guild, channel, last?.id ?? null);
  }
  const recipient = state.users.get(channel.recipientId);
  return recipient ? toDmChannel(recipient, channel.id) : { id: channel.id, type: 1 };
}

/**
 * Discord refuses a DM with 403 50007 when the user turned off DMs from server members or no
 * longer shares a server with the bot.
 */
export function assertCanSend(state: FakeState, channel: AnyChannel): void {
  if (!('recipientId' in channel)) return;
  const member = findMember(state, channel.recipientId);
  if (!member || member.closedDms) {
    throw new HttpError(403, {
      message: 'Cannot send messages to this user',
      code: CANNOT_MESSAGE_USER,
    });
  }
}

export function assertGuild(state: FakeState, guildId: string | undefined): void {
  if (guildId !== state.guild.id) throw notFound(UNKNOWN_GUILD, 'Guild');
}
