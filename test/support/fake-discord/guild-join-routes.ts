import { BANNED_FROM_GUILD, HttpError, MAX_GUILDS } from './errors';
import type { MemberOptions, SeededMember } from './guild';
import { assertGuild } from './message-checks';
import { findAccessGrant } from './oauth';
import { toApiMember } from './payloads';
import type { Route } from './router';
import { findMember } from './state';

// Discord's JSON code for an access token that is not valid for this call.
export const INVALID_OAUTH_TOKEN = 50025;

const invalidToken = () =>
  new HttpError(403, { message: 'Invalid OAuth2 access token', code: INVALID_OAUTH_TOKEN });

/**
 * Add Guild Member: the bot puts a user who approved `guilds.join` into the server. 201 with
 * the member when added, 204 when they already were (nothing changes, as on Discord); a token
 * that is unknown, expired, of another user or without `guilds.join` is refused with 403 50025.
 * `join` adds the member the way the fake's `addMember` does (GUILD_MEMBER_ADD included). A user
 * banned from the guild is refused with 403 40007, one already in 100 servers with 400 30001
 * (`refuseJoin`).
 */
export function guildJoinRoutes(join: (input: MemberOptions) => SeededMember): Route[] {
  return [
    {
      method: 'PUT',
      pattern: '/guilds/:guildId/members/:userId',
      auth: 'bot',
      handle: ({ state, params, body }) => {
        assertGuild(state, params.guildId);
        const userId = params.userId ?? '';
        const token = body.access_token;
        if (typeof token !== 'string' || token === '') {
          throw new HttpError(
            400,
            {
              message: 'Invalid Form Body',
              code: 50035,
              errors: {
                access_token: {
                  _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }],
                },
              },
            },
            true,
          );
        }
        const grant = findAccessGrant(state, token);
        if (!grant || grant.user.id !== userId || !grant.scopes.includes('guilds.join')) {
          throw invalidToken();
        }
        if (findMember(state, userId)) return { status: 204 };
        const refusal = state.joinRefusals.get(userId);
        if (refusal === 'banned') {
          throw new HttpError(403, {
            message: 'The user is banned from this guild.',
            code: BANNED_FROM_GUILD,
          });
        }
        if (refusal === 'max_guilds') {
          throw new HttpError(400, {
            message: 'Maximum number of guilds reached (100)',
            code: MAX_GUILDS,
          });
        }
        const { user } = grant;
        const member = join({
          id: user.id,
          username: user.username,
          globalName: user.globalName ?? null,
          avatar: user.avatar ?? null,
          nick: typeof body.nick === 'string' ? body.nick : null,
        });
        return { status: 201, body: toApiMember(member) };
      },
    },
  ];
}
