/**
 * The attacker's tools for bench:abuse: HTTP requests and Colyseus WebSockets bound to a chosen
 * local address (Linux routes all of 127.0.0.0/8 to the loopback interface, so 127.0.0.2 is a
 * second client address on the same machine, and the server's per-address limits count it apart
 * from the victim's 127.0.0.1). The socket speaks just enough of the Colyseus 0.16 protocol to
 * join, to leave a join unconfirmed, to read its welcome (the seat token) and refusals, to send a
 * room message (a chat line), to count what it receives, and to flood.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Protocol } from '@colyseus/core';
import { pack } from '@colyseus/msgpackr';
import { decode } from '@colyseus/schema';
import WebSocket from 'ws';
import { decodeMessage } from '../src/decode-message';

export interface HttpAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  readonly ms: number;
}

export interface RequestOptions {
  readonly localAddress: string;
  readonly method?: string;
  readonly body?: string;
  readonly agent?: http.Agent;
}

/** One request from `localAddress`; network errors reject. */
export function httpRequest(url: string, { localAddress, method = 'GET', body, agent }: RequestOptions): Promise<HttpAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) };
    const request = http.request(url, { method, localAddress, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export interface Reservation {
  readonly room: { readonly roomId: string; readonly processId: string };
  readonly sessionId: string;
}

/** A matchmaking request; the reservation when granted, otherwise the answer's error text. */
export async function reserve(
  url: string,
  localAddress: string,
  method: 'create' | 'joinById',
  target: string,
  options: object,
  agent?: http.Agent,
): Promise<{ answer: HttpAnswer; reservation?: Reservation; error?: string }> {
  const answer = await httpRequest(`${url}/matchmake/${method}/${target}`, { localAddress, method: 'POST', body: JSON.stringify(options), agent });
  let parsed: { error?: string; sessionId?: string } = {};
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    return { answer, error: answer.body.slice(0, 120) };
  }
  if (answer.status === 200 && parsed.sessionId && !parsed.error) return { answer, reservation: parsed as Reservation };
  return { answer, error: parsed.error ?? `HTTP ${answer.status}` };
}

const ONE_BYTE_JOIN = Buffer.from([Protocol.JOIN_ROOM]);
const LEAVE = Buffer.from([Protocol.LEAVE_ROOM]);
/** Frames queued beyond this wait for the socket to drain: "sent" stays close to "on the wire". */
const FLOOD_BUFFER_BYTES = 16 * 1024;
const FLOOD_BATCH = 500;

export interface SocketOptions {
  readonly localAddress: string;
  /** Acknowledge the server's JOIN_ROOM, as a real client does; false leaves the join unconfirmed. */
  readonly confirm: boolean;
  /** The session id to present; a reservation's by default (a made-up one tests the door). */
  readonly sessionId?: string;
}

/** One attacking WebSocket. */
export class AttackSocket {
  readonly openedAt = performance.now();
  /** When the server's JOIN_ROOM arrived (seated, not yet confirmed). */
  seatedAt: number | null = null;
  /** When the full state arrived (the join is complete). */
  joinedAt: number | null = null;
  closedAt: number | null = null;
  closeCode: number | null = null;
  /** The server's ERROR frame (a refused connection): its text. */
  refusal: string | null = null;
  /** The socket's own error, if it had one (a reset connection, a refused handshake). */
  socketError: string | null = null;
  /** `error` room messages received (rate-limit warnings, refusals of requests). */
  readonly errors: string[] = [];
  seatToken: string | null = null;
  framesSent = 0;
  /** WebSocket payload bytes received, every frame. */
  bytesReceived = 0;
  floodStartedAt: number | null = null;
  /**
   * When the flood saw the socket stop being open (the server's close frame arrived, or the
   * connection went), and the frames sent by then. The connection itself closes later: the server
   * first reads (and ignores) the frames already in flight in the kernel's buffers.
   */
  floodStoppedAt: number | null = null;
  framesBeforeStop = 0;
  /** Resolves when the join completes (true) or the socket closes first (false). */
  readonly joined: Promise<boolean>;
  readonly closed: Promise<void>;
  private readonly socket: WebSocket;

  constructor(url: string, reservation: Reservation, options: SocketOptions) {
    const sessionId = options.sessionId ?? reservation.sessionId;
    const wsUrl = `${url.replace(/^http/, 'ws')}/${reservation.room.processId}/${reservation.room.roomId}?sessionId=${sessionId}`;
    this.socket = new WebSocket(wsUrl, { perMessageDeflate: false, localAddress: options.localAddress });
    let settle: (joined: boolean) => void = () => undefined;
    this.joined = new Promise((resolve) => (settle = resolve));
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code) => {
        this.closedAt = performance.now();
        this.closeCode = code;
        settle(false);
        resolve();
      });
    });
    this.socket.on('error', (error: NodeJS.ErrnoException) => (this.socketError ??= error.code ?? error.message)); // 'close' follows
    this.socket.on('message', (data: Buffer) => {
      this.bytesReceived += data.byteLength;
      switch (data[0]) {
        case Protocol.JOIN_ROOM:
          this.seatedAt = performance.now();
          if (options.confirm) this.socket.send(ONE_BYTE_JOIN);
          break;
        case Protocol.ROOM_STATE:
          this.joinedAt = performance.now();
          settle(true);
          break;
        case Protocol.ERROR: {
          const it = { offset: 1 };
          const code = decode.number(data, it) as number;
          this.refusal = `${code} ${decode.string(data, it)}`;
          break;
        }
        case Protocol.ROOM_DATA: {
          const message = decodeMessage(data);
          if (!message.ok) break;
          const payload = message.payload as { seatToken?: string | null; code?: string; detail?: string };
          if (message.type === 'welcome') this.seatToken = payload.seatToken ?? null;
          if (message.type === 'error') this.errors.push(`${payload.code}: ${payload.detail}`);
          break;
        }
      }
    });
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** A room message, as colyseus.js sends one (`type` a short name, the payload msgpack). */
  send(type: string, payload?: unknown): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    const name = Buffer.from(type, 'utf8');
    const head = Buffer.from([Protocol.ROOM_DATA, 0xa0 | name.length]);
    this.socket.send(payload === undefined ? Buffer.concat([head, name]) : Buffer.concat([head, name, pack(payload)]));
    this.framesSent++;
  }

  /** 1-byte JOIN_ROOM frames as fast as the socket takes them, until it is closed. */
  flood(): void {
    this.floodStartedAt ??= performance.now();
    // A batch at a time: the loopback's kernel buffers take frames as fast as the server reads
    // them, so without a cap this loop would never give the process a turn to read the server's answers.
    for (let i = 0; i < FLOOD_BATCH && this.socket.readyState === WebSocket.OPEN && this.socket.bufferedAmount < FLOOD_BUFFER_BYTES; i++) {
      this.socket.send(ONE_BYTE_JOIN);
      this.framesSent++;
    }
    if (this.socket.readyState === WebSocket.OPEN) return void setImmediate(() => this.flood());
    this.floodStoppedAt ??= performance.now();
    this.framesBeforeStop = this.framesSent - this.framesUnsent;
  }

  /** Frames still queued on this side when the socket closed (never reached the server). */
  get framesUnsent(): number {
    return Math.ceil(this.socket.bufferedAmount / 7); // a masked 1-byte frame is 7 bytes
  }

  /** Leaves (consented) and waits for the close; a socket that does not answer is cut. */
  async leave(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(LEAVE);
    const timer = setTimeout(() => this.socket.terminate(), 2000);
    await this.closed;
    clearTimeout(timer);
  }
}
