import type { UploadedFile } from './body';
import {
  EMPTY_MESSAGE,
  ENTITY_TOO_LARGE,
  HttpError,
  INVALID_FORM_BODY,
  notFound,
  UNKNOWN_CHANNEL,
} from './errors';
import type { FakeState } from './state';
import { isEmptyMessage, toDiscordErrors, validateMessageBody } from './validate';

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
  const issues = validateMessageBody(body, files.length);
  if (issues.length > 0) {
    throw new HttpError(
      400,
      { message: 'Invalid Form Body', code: INVALID_FORM_BODY, errors: toDiscordErrors(issues) },
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

export function findChannel(state: FakeState, channelId: string) {
  const channel = state.guild.channels.find((item) => item.id === channelId);
  if (!channel) throw notFound(UNKNOWN_CHANNEL, 'Channel');
  return channel;
}
