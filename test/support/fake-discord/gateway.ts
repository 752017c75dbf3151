import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createDeflate, type Deflate, deflateSync, constants as zlibConstants } from 'node:zlib';
import { type WebSocket, WebSocketServer } from 'ws';
import { MESSAGE_CONTENT_INTENT } from './message-events';
import { toApiUser, toGuildCreate } from './payloads';
import { type FakeState, MESSAGE_CONTENT, MESSAGE_CONTENT_LIMITED } from './state';

// Opcodes and close codes from Discord's "Gateway Opcodes and Status Codes".
const OP = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  resume: 6,
  invalidSession: 9,
  hello: 10,
  heartbeatAck: 11,
};
const HEARTBEAT_INTERVAL = 41_250;

interface Session {
  socket: WebSocket;
  sessionId?: string;
  seq: number;
  /** zlib-stream: one deflate context for the whole connection; identify: each payload alone. */
  stream?: Deflate;
  identifyCompress: boolean;
  /** The intents bitfield sent in IDENTIFY: events of other intents are not sent. */
  intents: number;
  sending: Promise<void>;
}

export interface Gateway {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * Sends a dispatch to every identified connection (with `intent`, only to those that asked
   * for it); returns how many got it. `data` may depend on the connection's intents (message
   * content without MESSAGE_CONTENT).
   */
  dispatch(event: string, data: unknown | ((intents: number) => unknown), intent?: number): number;
  /** Closes every connection with this close code, e.g. 4004 once the token is reset. */
  disconnectAll(code: number, reason: string): void;
  readyCount(): number;
  /** Identifies answered with READY since the start, including connections closed since. */
  identifiedCount(): number;
  close(): Promise<void>;
}

function deflateChunk(stream: Deflate, text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    stream.on('data', onData);
    stream.write(text);
    stream.flush(zlibConstants.Z_SYNC_FLUSH, () => {
      stream.off('data', onData);
      resolve(Buffer.concat(chunks));
    });
  });
}

function send(session: Session, payload: unknown): void {
  const text = JSON.stringify(payload);
  session.sending = session.sending.then(async () => {
    if (session.socket.readyState !== session.socket.OPEN) return;
    if (session.stream) session.socket.send(await deflateChunk(session.stream, text));
    else if (session.identifyCompress) session.socket.send(deflateSync(text));
    else session.socket.send(text);
  });
}

export function createGateway(state: FakeState, getUrl: () => string): Gateway {
  const server = new WebSocketServer({ noServer: true });
  const sessions = new Set<Session>();
  const knownSessions = new Map<string, number>();
  let nextSession = 0;

  const dispatchTo = (session: Session, event: string, data: unknown) => {
    session.seq++;
    if (session.sessionId) knownSessions.set(session.sessionId, session.seq);
    send(session, { op: OP.dispatch, t: event, s: session.seq, d: data });
  };

  const identify = (session: Session, data: Record<string, unknown>) => {
    const token = String(data.token ?? '').replace(/^Bot\s+/i, '');
    if (token !== state.token || state.tokenRevoked) {
      return session.socket.close(4004, 'Authentication failed.');
    }
    if (session.sessionId) return session.socket.close(4005, 'Already authenticated.');
    session.identifyCompress = data.compress === true && !session.stream;
    session.intents = Number(data.intents ?? 0);
    // A privileged intent the application was not granted (Developer Portal → Bot).
    const contentGranted =
      (state.applicationFlags & (MESSAGE_CONTENT | MESSAGE_CONTENT_LIMITED)) !== 0;
    if ((session.intents & MESSAGE_CONTENT_INTENT) !== 0 && !contentGranted) {
      return session.socket.close(4014, 'Disallowed intent(s).');
    }
    nextSession++;
    session.sessionId = `fake-session-${nextSession}-${Date.now().toString(36)}`;
    dispatchTo(session, 'READY', {
      v: 10,
      user: { ...toApiUser(state.bot), verified: true, mfa_enabled: false },
      guilds: [{ id: state.guild.id, unavailable: true }],
      session_id: session.sessionId,
      resume_gateway_url: getUrl(),
      shard: Array.isArray(data.shard) ? data.shard : [0, 1],
      application: { id: state.applicationId, flags: 0 },
      private_channels: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      _trace: ['fake-discord'],
    });
    dispatchTo(session, 'GUILD_CREATE', toGuildCreate(state.guild));
  };

  const resume = (session: Session, data: Record<string, unknown>) => {
    const id = String(data.session_id ?? '');
    const seq = knownSessions.get(id);
    const token = String(data.token ?? '').replace(/^Bot\s+/i, '');
    if (token !== state.token || state.tokenRevoked || seq === undefined) {
      send(session, { op: OP.invalidSession, d: false });
      return;
    }
    // Nothing is buffered while a client is away, so there is nothing to replay.
    session.sessionId = id;
    session.seq = seq;
    dispatchTo(session, 'RESUMED', { _trace: ['fake-discord'] });
  };

  const onMessage = (session: Session, raw: Buffer) => {
    let payload: { op?: number; d?: unknown };
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      return session.socket.close(4002, 'Error while decoding payload.');
    }
    const data = (payload.d ?? {}) as Record<string, unknown>;
    if (payload.op === OP.heartbeat) return send(session, { op: OP.heartbeatAck });
    if (payload.op === OP.identify) return identify(session, data);
    if (payload.op === OP.resume) return resume(session, data);
    if (!session.sessionId) return session.socket.close(4003, 'Not authenticated.');
    // Presence (3), voice (4), member requests (8) and the like: accepted and ignored.
  };

  server.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    const session: Session = {
      socket,
      seq: 0,
      identifyCompress: false,
      intents: 0,
      sending: Promise.resolve(),
    };
    sessions.add(session);
    socket.on('close', () => sessions.delete(session));
    socket.on('error', () => sessions.delete(session));
    socket.on('message', (raw: Buffer) => onMessage(session, raw));
    const encoding = query.get('encoding') ?? 'json';
    const compress = query.get('compress');
    if (encoding !== 'json' || (compress && compress !== 'zlib-stream')) {
      // Only JSON, and zlib-stream or nothing: what discord.js asks for without zlib-sync/erlpack.
      socket.close(4000, `fake-discord supports encoding=json and compress=zlib-stream only`);
      return;
    }
    if (compress === 'zlib-stream') session.stream = createDeflate();
    send(session, {
      op: OP.hello,
      d: { heartbeat_interval: HEARTBEAT_INTERVAL, _trace: ['fake-discord'] },
    });
  });

  return {
    handleUpgrade(req, socket, head) {
      server.handleUpgrade(req, socket, head, (ws) => server.emit('connection', ws, req));
    },
    dispatch(event, data, intent) {
      let count = 0;
      for (const session of sessions) {
        if (!session.sessionId || session.socket.readyState !== session.socket.OPEN) continue;
        if (intent !== undefined && (session.intents & intent) !== intent) continue;
        dispatchTo(session, event, typeof data === 'function' ? data(session.intents) : data);
        count++;
      }
      return count;
    },
    disconnectAll(code, reason) {
      for (const session of sessions) session.socket.close(code, reason);
    },
    readyCount: () => [...sessions].filter((session) => session.sessionId).length,
    identifiedCount: () => nextSession,
    close() {
      for (const session of sessions) {
        session.stream?.close();
        session.socket.terminate();
      }
      sessions.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
