import type { DiscordOAuthSettings, DiscordRoleSource } from '../core/config';
import type { PersonInput } from '../db/repositories/people';

// The server's few calls to Discord, with plain fetch: it never loads discord.js (DESIGN.md).
// Bot REST for a member's roles; OAuth2 for staff sign-in.

/** Discord did not answer usefully (network, timeout, 5xx, 429, a refused bot token). */
export class DiscordUnavailableError extends Error {}

/** Discord refused the OAuth2 exchange (a used, expired or forged code; a wrong verifier). */
export class DiscordRefusedError extends Error {}

// Sign-in waits for these calls, so they must not hang when Discord does.
const TIMEOUT_MS = 5_000;

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new DiscordUnavailableError(`${what}: ${(error as Error).message}`);
  }
  if (response.status >= 500 || response.status === 429) {
    throw new DiscordUnavailableError(`${what}: Discord answered ${response.status}`);
  }
  return response;
}

/** What Discord says of a user: the parts the people table keeps (db/repositories/people.ts). */
type ApiUser = {
  id?: string;
  username?: string;
  global_name?: string | null;
  avatar?: string | null;
};

type GuildMember = { roleIds: string[]; username: string; person: PersonInput | null };

function personOf(user: ApiUser | undefined, nick?: string | null): PersonInput | null {
  if (!user?.id || !user.username) return null;
  return {
    discordId: user.id,
    username: user.username,
    globalName: user.global_name ?? null,
    avatar: user.avatar ?? null,
    ...(nick !== undefined && { nick }),
  };
}

/** The member in the studio server, or null when they are not in it (Discord's 404). */
export async function fetchGuildMember(
  source: DiscordRoleSource,
  userId: string,
): Promise<GuildMember | null> {
  const response = await call(
    `${source.apiBaseUrl}/guilds/${source.guildId}/members/${encodeURIComponent(userId)}`,
    { headers: { authorization: `Bot ${source.botToken}` } },
    'guild member',
  );
  if (response.status === 404) return null;
  // A revoked token or a bot removed from the server says nothing about the member.
  if (!response.ok) {
    throw new DiscordUnavailableError(`guild member: Discord answered ${response.status}`);
  }
  const body = (await response.json()) as {
    roles?: string[];
    nick?: string | null;
    user?: ApiUser;
  };
  return {
    roleIds: body.roles ?? [],
    username: body.user?.username ?? userId,
    person: personOf(body.user, body.nick ?? null),
  };
}

/** What the token endpoint granted. */
type OAuthGrant = {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds. */
  expiresIn: number;
  scopes: string[];
};

/** Exchanges an authorization code (with its PKCE verifier) for an access token. */
export async function exchangeOAuthCode(
  oauth: DiscordOAuthSettings,
  input: { code: string; redirectUri: string; codeVerifier: string },
): Promise<OAuthGrant> {
  const credentials = Buffer.from(
    `${encodeURIComponent(oauth.clientId)}:${encodeURIComponent(oauth.clientSecret)}`,
  ).toString('base64');
  const response = await call(
    `${oauth.apiBaseUrl}/oauth2/token`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      }),
    },
    'token exchange',
  );
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
    scope?: string;
    error?: string;
  };
  if (!response.ok || !body.access_token) {
    throw new DiscordRefusedError(`token exchange: ${response.status} ${body.error ?? ''}`.trim());
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    // Discord grants a week; a missing value is read as an hour, to ask again soon.
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 3600,
    scopes: (body.scope ?? '').split(' ').filter(Boolean),
  };
}

/** The Discord account that approved the sign-in (scope `identify`). */
export async function fetchOAuthUser(
  oauth: DiscordOAuthSettings,
  accessToken: string,
): Promise<{ id: string; username: string; person: PersonInput | null }> {
  const response = await call(
    `${oauth.apiBaseUrl}/users/@me`,
    { headers: { authorization: `Bearer ${accessToken}` } },
    'current user',
  );
  const body = (await response.json().catch(() => ({}))) as ApiUser;
  if (!response.ok || !body.id) {
    throw new DiscordRefusedError(`current user: Discord answered ${response.status}`);
  }
  // No member here: the nickname is not known (the role read that follows brings it).
  return { id: body.id, username: body.username ?? body.id, person: personOf(body) };
}
