// Discord's JSON error shape ({ message, code }) so discord.js raises a DiscordAPIError with
// the same `code` a test would see against the real API.
export interface DiscordErrorBody {
  message: string;
  code: number;
  errors?: unknown;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: DiscordErrorBody,
    /** A body Discord would refuse: tests assert none of these happened. */
    readonly rejected = false,
  ) {
    super(body.message);
  }
}

export const UNKNOWN_CHANNEL = 10003;
export const UNKNOWN_GUILD = 10004;
export const UNKNOWN_MEMBER = 10007;
export const UNKNOWN_MESSAGE = 10008;
export const UNKNOWN_WEBHOOK = 10015;
export const UNKNOWN_USER = 10013;
export const UNKNOWN_INTERACTION = 10062;
export const UNKNOWN_COMMAND = 10063;
export const MAX_COMMANDS = 30032;
export const MAX_GUILDS = 30001;
export const BANNED_FROM_GUILD = 40007;
export const ALREADY_ACKNOWLEDGED = 40060;
export const MISSING_ACCESS = 50001;
export const EMPTY_MESSAGE = 50006;
export const CANNOT_MESSAGE_USER = 50007;
export const INVALID_WEBHOOK_TOKEN = 50027;
export const INVALID_RECIPIENTS = 50033;
export const INVALID_FORM_BODY = 50035;
export const ENTITY_TOO_LARGE = 40005;

export function unauthorized(): HttpError {
  return new HttpError(401, { message: '401: Unauthorized', code: 0 });
}

export function notFound(code: number, what: string): HttpError {
  return new HttpError(404, { message: `Unknown ${what}`, code });
}
