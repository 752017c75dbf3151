import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appRoutes } from './app-routes';
import { serveCdn } from './cdn';
import { channelRoutes } from './channel-routes';
import { applicationCommandRoutes } from './command-routes';
import type { CommandScope, RegisteredCommand } from './commands';
import { dmRoutes } from './dm-routes';
import { createGateway } from './gateway';
import type { MemberOptions, SeededChannel, SeededGuild, SeededMember, SeededUser } from './guild';
import { guildJoinRoutes } from './guild-join-routes';
import { createDispatcher } from './interaction-dispatch';
import { interactionRoutes } from './interaction-routes';
import {
  type AutocompleteInput,
  type ClickButtonInput,
  createInteractionHelpers,
  type RunCommandInput,
  type SubmitModalInput,
} from './interactions';
import { createMemberDirectory } from './members';
import { computePings } from './mentions';
import { createMessageEvents } from './message-events';
import { messageRoutes } from './message-routes';
import { createMessage, type FakeMessage } from './messages';
import { type OAuthGrant, type OAuthUser, randomToken, serveAuthorize } from './oauth';
import { oauthRoutes } from './oauth-routes';
import { createRestHandler } from './rest';
import {
  createState,
  type Fault,
  type FaultMatch,
  type InteractionRecord,
  type RecordedRequest,
  type StateOptions,
} from './state';

export type { FakeUpload } from './cdn';
export { CATEGORY_CHANNEL_MAX } from './channel-checks';
export type { OptionValue } from './command-input';
export { COMMAND_LIMITS } from './command-option-checks';
export type { CommandOptionSpec, RegisteredCommand } from './commands';
export type { MemberOptions, Overwrite, SeededChannel, SeededMember, SeededUser } from './guild';
export { InteractionTimeoutError } from './interaction-dispatch';
export type {
  AutocompleteInput,
  ClickButtonInput,
  RunCommandInput,
  SubmitModalInput,
} from './interactions';
export type { Pings } from './mentions';
export type { FakeAttachment, FakeMessage, MessageSnapshot } from './messages';
export type { ModalValue } from './modal-submission';
export type { OAuthGrant, OAuthUser } from './oauth';
export { generateSnowflake } from './snowflake';
export type {
  CallbackAttempt,
  Fault,
  FaultMatch,
  InteractionRecord,
  RecordedRequest,
} from './state';
export { MESSAGE_CONTENT, MESSAGE_CONTENT_LIMITED } from './state';
export { LIMITS } from './validate';

export type FakeDiscordOptions = StateOptions;

/** The OAuth2 side of the fake, for staff sign-in tests. */
export interface FakeOAuth {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Redirect URIs registered for the app; authorize refuses others (none by default). */
  redirectUris: string[];
  /** The Discord account that approves on the authorize page; stays until changed. */
  nextUser: OAuthUser | undefined;
  /** The next authorize redirects back with `error=access_denied` (the user pressed Cancel). */
  denyNext(): void;
  /**
   * A user who approved the app with these scopes, as after authorize and the code exchange
   * (for tests that start past the sign-in); the access token.
   */
  grant(user: OAuthUser, scopes: string[]): string;
  /** While set, `POST /oauth2/token` answers this status; `false` restores it. */
  setOutage(status: 500 | 502 | 503 | false): void;
  /** Every authorize request's query, in order. */
  readonly authorizeRequests: ReadonlyArray<Record<string, string>>;
  readonly grants: readonly OAuthGrant[];
}

export interface FakeDiscord {
  /** Give this to discord.js as `rest: { api }`; it asks `/gateway/bot` for the gateway. */
  apiUrl: string;
  /** Stands in for `https://discord.com`: the authorize page is `${oauthUrl}/oauth2/authorize`. */
  oauthUrl: string;
  gatewayUrl: string;
  botToken: string;
  bot: SeededUser;
  applicationId: string;
  guild: SeededGuild;
  /** Every REST call, in arrival order. */
  requests: RecordedRequest[];
  /** Requests answered 4xx because the body broke a Discord limit. Tests expect none. */
  readonly rejected: RecordedRequest[];
  /** Every message created in a channel or DM (not ephemeral replies), in creation order. */
  messages: FakeMessage[];
  messagesIn(channelId: string): FakeMessage[];
  /** Messages the bot sent to this user's DM channel. */
  dmsTo(userId: string): FakeMessage[];
  interactions: Map<string, InteractionRecord>;
  /** Interactions whose answer window passed without an accepted callback. */
  readonly timedOut: InteractionRecord[];
  /** Registered commands: of the seeded guild by default, or of a guild id, or `'global'`. */
  commands(scope?: CommandScope): RegisteredCommand[];
  /**
   * The next `count` matching requests (default: any REST call) answer with this fault.
   * `retryAfter` is in seconds and may be fractional to keep tests fast.
   */
  failNext(count: number, fault: Fault, match?: FaultMatch): void;
  /** The next `count` matching requests are held `ms` before they are answered as usual. */
  delayNext(count: number, ms: number, match?: FaultMatch): void;
  /** While on, every message POST answers 503. */
  setOutage(on: boolean): void;
  /** While on, the bot token is refused: REST 401, gateway closed and identify refused (4004). */
  setTokenRevoked(revoked: boolean): void;
  /** Number of gateway connections that have identified. */
  connectedClients(): number;
  /** Number of gateway sessions ever started (READY sent), connected or not any more. */
  sessionsStarted(): number;
  /**
   * Each sends INTERACTION_CREATE and resolves with the record once the bot's initial callback
   * is accepted; rejects with InteractionTimeoutError when the window passes without one.
   */
  clickButton(input: ClickButtonInput): Promise<InteractionRecord>;
  runCommand(input: RunCommandInput): Promise<InteractionRecord>;
  autocomplete(input: AutocompleteInput): Promise<InteractionRecord>;
  submitModal(input: SubmitModalInput): Promise<InteractionRecord>;
  addMember(input: MemberOptions): SeededMember;
  setMemberRoles(userId: string, roles: string[]): SeededMember;
  removeMember(userId: string): void;
  setDmsClosed(userId: string, closed: boolean): void;
  /** Add Guild Member refuses this user: banned from the guild (40007) or in 100 servers (30001). */
  refuseJoin(userId: string, why: 'banned' | 'max_guilds' | null): void;
  /** A guild channel (category, text…) as it is now; undefined once deleted. */
  channel(channelId: string): SeededChannel | undefined;
  /** The channels under a category, in creation order. */
  channelsUnder(categoryId: string): SeededChannel[];
  /** Channels deleted through the API, in order. */
  readonly deletedChannels: readonly SeededChannel[];
  /**
   * A member writes in a channel (as the Discord client would): the message is stored and sent
   * as MESSAGE_CREATE to connections with the GUILD_MESSAGES intent; returns the message.
   */
  postAsMember(input: {
    channelId: string;
    userId: string;
    content: string;
    embeds?: Array<Record<string, unknown>>;
  }): FakeMessage;
  /** Sets GET /applications/@me `flags` (0: the Message Content intent is off). */
  setApplicationFlags(flags: number): void;
  oauth: FakeOAuth;
  close(): Promise<void>;
}

export async function startFakeDiscord(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const state = createState(opts);
  let port = 0;
  const getPort = () => port;
  const gatewayUrl = () => `ws://127.0.0.1:${port}/gateway`;
  const gateway = createGateway(state, gatewayUrl);
  const members = createMemberDirectory(state, gateway);
  const routes = [
    ...appRoutes,
    ...applicationCommandRoutes,
    ...messageRoutes,
    ...dmRoutes,
    ...interactionRoutes,
    ...oauthRoutes,
    ...channelRoutes(gateway),
    ...guildJoinRoutes(members.addMember),
  ];
  const handle = createRestHandler(state, routes, [serveCdn, serveAuthorize], getPort);
  const server = createServer((req, res) => void handle(req, res));
  server.on('upgrade', (req, socket, head) => {
    if (req.url?.startsWith('/gateway')) gateway.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  state.messageCreated = createMessageEvents(state, gateway).created;
  const dispatcher = createDispatcher(state, gateway, getPort);
  const helpers = createInteractionHelpers(state, dispatcher, getPort);
  const { oauth } = state;

  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    oauthUrl: `http://127.0.0.1:${port}`,
    gatewayUrl: gatewayUrl(),
    botToken: state.token,
    bot: state.bot,
    applicationId: state.applicationId,
    guild: state.guild,
    requests: state.requests,
    get rejected() {
      return state.requests.filter((request) => request.rejected);
    },
    messages: state.messages,
    messagesIn: (channelId) => state.messages.filter((message) => message.channelId === channelId),
    dmsTo: (userId) => {
      const channel = state.dmChannels.find((item) => item.recipientId === userId);
      return state.messages.filter((message) => message.channelId === channel?.id);
    },
    interactions: state.interactions,
    get timedOut() {
      return [...state.interactions.values()].filter((record) => record.expired);
    },
    commands: (scope = state.guild.id) => state.commands.get(scope) ?? [],
    failNext(count, fault, match) {
      state.faults.push({ remaining: count, fault, match });
    },
    delayNext(count, ms, match) {
      state.delays.push({ remaining: count, ms, match });
    },
    setOutage(on) {
      state.outage = on;
    },
    channel: (channelId) => state.guild.channels.find((item) => item.id === channelId),
    channelsUnder: (categoryId) =>
      state.guild.channels.filter((item) => item.parentId === categoryId),
    deletedChannels: state.deletedChannels,
    postAsMember({ channelId, userId, content, embeds }) {
      if (!state.guild.channels.some((item) => item.id === channelId)) {
        throw new Error(`fake-discord: no channel ${channelId}`);
      }
      if (!state.guild.members.some((member) => member.user.id === userId)) {
        throw new Error(`fake-discord: user ${userId} is not a member`);
      }
      const message = createMessage(channelId, { content, embeds: embeds ?? [] }, []);
      message.authorId = userId;
      // User mentions only (enough for "mentions the bot"): whether a member's role or
      // @everyone mention notifies depends on their permissions, which this does not model.
      const { users } = computePings(state, message, { viaInteraction: false });
      message.pings = { users, roles: [], everyone: false };
      state.messages.push(message);
      state.messageCreated(message, port);
      return message;
    },
    refuseJoin(userId, why) {
      if (why) state.joinRefusals.set(userId, why);
      else state.joinRefusals.delete(userId);
    },
    setApplicationFlags(flags) {
      state.applicationFlags = flags;
    },
    setTokenRevoked(revoked) {
      state.tokenRevoked = revoked;
      if (revoked) gateway.disconnectAll(4004, 'Authentication failed.');
    },
    connectedClients: () => gateway.readyCount(),
    sessionsStarted: () => gateway.identifiedCount(),
    ...helpers,
    ...members,
    oauth: {
      clientId: oauth.clientId,
      clientSecret: oauth.clientSecret,
      get redirectUris() {
        return oauth.redirectUris;
      },
      set redirectUris(uris) {
        oauth.redirectUris = uris;
      },
      get nextUser() {
        return oauth.nextUser;
      },
      set nextUser(user) {
        oauth.nextUser = user;
      },
      denyNext() {
        oauth.denyNext = true;
      },
      grant(user, scopes) {
        const accessToken = randomToken();
        oauth.grants.push({
          code: randomToken(),
          user,
          scopes,
          redirectUri: '',
          codeUsed: true,
          codeExpiresAt: 0,
          accessToken,
          accessExpiresAt: Date.now() + 7 * 24 * 60 * 60_000,
          revoked: false,
        });
        if (!state.users.has(user.id)) {
          state.users.set(user.id, { id: user.id, username: user.username, bot: false });
        }
        return accessToken;
      },
      setOutage(status) {
        oauth.outage = status;
      },
      authorizeRequests: oauth.authorizeRequests,
      grants: oauth.grants,
    },
    async close() {
      dispatcher.close();
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
