import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appRoutes } from './app-routes';
import { createGateway } from './gateway';
import type { SeededGuild, SeededUser } from './guild';
import { interactionRoutes } from './interaction-routes';
import {
  type ClickButtonInput,
  createInteractionDispatcher,
  type RunCommandInput,
  type SubmitModalInput,
} from './interactions';
import { messageRoutes } from './message-routes';
import type { FakeMessage } from './messages';
import { createRestHandler } from './rest';
import {
  createState,
  type Fault,
  type FaultMatch,
  type InteractionRecord,
  type RecordedRequest,
  type StateOptions,
} from './state';

export type { ClickButtonInput, RunCommandInput, SubmitModalInput } from './interactions';
export type { FakeAttachment, FakeMessage, MessageSnapshot } from './messages';
export { generateSnowflake } from './snowflake';
export type { Fault, FaultMatch, InteractionRecord, RecordedRequest } from './state';
export { LIMITS } from './validate';

export type FakeDiscordOptions = StateOptions;

export interface FakeDiscord {
  /** Give this to discord.js as `rest: { api }`; it asks `/gateway/bot` for the gateway. */
  apiUrl: string;
  gatewayUrl: string;
  botToken: string;
  bot: SeededUser;
  applicationId: string;
  guild: SeededGuild;
  /** Every REST call, in arrival order. */
  requests: RecordedRequest[];
  /** Requests answered 4xx because the body broke a Discord limit. Tests expect none. */
  readonly rejected: RecordedRequest[];
  /** Every message created in a channel (not ephemeral replies), in creation order. */
  messages: FakeMessage[];
  messagesIn(channelId: string): FakeMessage[];
  interactions: Map<string, InteractionRecord>;
  /**
   * The next `count` matching requests (default: any REST call) answer with this fault.
   * `retryAfter` is in seconds and may be fractional to keep tests fast.
   */
  failNext(count: number, fault: Fault, match?: FaultMatch): void;
  /** The next `count` matching requests are held `ms` before they are answered as usual. */
  delayNext(count: number, ms: number, match?: FaultMatch): void;
  /** While on, every message POST answers 503. */
  setOutage(on: boolean): void;
  /** Number of gateway connections that have identified. */
  connectedClients(): number;
  /** Number of gateway sessions ever started (READY sent), connected or not any more. */
  sessionsStarted(): number;
  /** Resolve with the record once the bot POSTs the interaction callback; reject after 3 s. */
  clickButton(input: ClickButtonInput): Promise<InteractionRecord>;
  runCommand(input: RunCommandInput): Promise<InteractionRecord>;
  submitModal(input: SubmitModalInput): Promise<InteractionRecord>;
  close(): Promise<void>;
}

export async function startFakeDiscord(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const state = createState(opts);
  let port = 0;
  const gatewayUrl = () => `ws://127.0.0.1:${port}/gateway`;
  const gateway = createGateway(state, gatewayUrl);
  const routes = [...appRoutes, ...messageRoutes, ...interactionRoutes];
  const handle = createRestHandler(state, routes, () => port);
  const server = createServer((req, res) => void handle(req, res));
  server.on('upgrade', (req, socket, head) => {
    if (req.url?.startsWith('/gateway')) gateway.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const dispatcher = createInteractionDispatcher(state, gateway, () => port);

  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
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
    interactions: state.interactions,
    failNext(count, fault, match) {
      state.faults.push({ remaining: count, fault, match });
    },
    delayNext(count, ms, match) {
      state.delays.push({ remaining: count, ms, match });
    },
    setOutage(on) {
      state.outage = on;
    },
    connectedClients: () => gateway.readyCount(),
    sessionsStarted: () => gateway.identifiedCount(),
    clickButton: dispatcher.clickButton,
    runCommand: dispatcher.runCommand,
    submitModal: dispatcher.submitModal,
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
