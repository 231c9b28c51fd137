/**
 * A lightweight benchmark client: speaks the Colyseus 0.16 protocol as colyseus.js does (seat
 * reservation from the HTTP matchmaker, then the WebSocket with its session id, the JOIN_ROOM
 * handshake and acknowledgement), but never decodes a state patch. The benchmark only needs to
 * know that the patch showing a move has arrived, and how many bytes came; a thousand decoding
 * clients on the same two cores would measure themselves instead of the server.
 */
import { Protocol } from '@colyseus/core';
import { Client as ColyseusClient, Room } from 'colyseus.js';
import WebSocket from 'ws';

/** What the benchmark sees of one connection, whichever client implements it. */
export interface BenchConnection {
  /** WebSocket payload bytes received, every frame (state, patches, private messages). */
  readonly bytes: number;
  /** WebSocket frames received, every kind: each one a write the server made to this socket. */
  readonly frames: number;
  /** State patch frames received. */
  readonly patches: number;
  /** `error` messages received (a refused move: the script and the server disagree). */
  readonly errors: number;
  /** Called after every frame, once counted. */
  onFrame: (() => void) | null;
  send(frame: Uint8Array): void;
  close(): Promise<void>;
}

interface SeatReservation {
  readonly room: { readonly roomId: string; readonly processId: string; readonly publicAddress?: string };
  readonly sessionId: string;
  readonly error?: string;
}

const ERROR_TYPE = Buffer.from([0xa5, ...Buffer.from('error')]); // msgpack fixstr "error"

function isErrorMessage(frame: Buffer): boolean {
  return frame[0] === Protocol.ROOM_DATA && frame.subarray(1, 1 + ERROR_TYPE.length).equals(ERROR_TYPE);
}

async function reserveSeat(httpUrl: string, method: 'create' | 'joinById', target: string, options: object): Promise<SeatReservation> {
  const response = await fetch(`${httpUrl}/matchmake/${method}/${target}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(options),
  });
  const reservation = (await response.json()) as SeatReservation;
  if (reservation.error) throw new Error(`matchmaker: ${reservation.error}`);
  return reservation;
}

export class BenchClient implements BenchConnection {
  bytes = 0;
  frames = 0;
  patches = 0;
  errors = 0;
  onFrame: (() => void) | null = null;
  private constructor(
    readonly roomId: string,
    private readonly socket: WebSocket,
  ) {}

  /** Creates a room (`target` = room name) or joins one (`target` = room id); resolves once the full state has arrived. */
  static async connect(httpUrl: string, method: 'create' | 'joinById', target: string, options: object): Promise<BenchClient> {
    const { room, sessionId } = await reserveSeat(httpUrl, method, target, options);
    // In a cluster the room may live in another process: its public address says where (as colyseus.js does).
    const base = room.publicAddress ? `ws://${room.publicAddress}` : httpUrl.replace(/^http/, 'ws');
    const wsUrl = `${base}/${room.processId}/${room.roomId}?sessionId=${sessionId}`;
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
    const client = new BenchClient(room.roomId, socket);
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`connection closed (${code}) before the state arrived`)));
      socket.on('message', (data: Buffer) => {
        client.bytes += data.byteLength;
        client.frames++;
        switch (data[0]) {
          case Protocol.ROOM_STATE_PATCH:
            client.patches++;
            break;
          case Protocol.JOIN_ROOM:
            socket.send(Buffer.from([Protocol.JOIN_ROOM])); // acknowledge, as colyseus.js does
            break;
          case Protocol.ROOM_STATE:
            socket.removeAllListeners('close');
            resolve(client);
            break;
          case Protocol.ROOM_DATA:
            if (isErrorMessage(data)) client.errors++;
            break;
        }
        client.onFrame?.();
      });
    });
  }

  send(frame: Uint8Array): void {
    this.socket.send(frame);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.send(Buffer.from([Protocol.LEAVE_ROOM]));
    });
  }
}

// ---- the decoding client (colyseus.js) for the rooms whose state the benchmark checks --------

type ObservedRoom = Room & { observer?: DecodingClient };
type OnMessage = (this: ObservedRoom, event: MessageEvent) => void;
const roomPrototype = Room.prototype as unknown as { onMessageCallback: OnMessage };
const originalOnMessage = roomPrototype.onMessageCallback;
roomPrototype.onMessageCallback = function (event) {
  // Counted on arrival, before colyseus.js decodes it: the same moment a BenchClient counts it.
  this.observer?.observe(new Uint8Array(event.data as ArrayBuffer));
  originalOnMessage.call(this, event);
};

/** A full colyseus.js client (decodes every patch into `room.state`), counted like a BenchClient. */
export class DecodingClient implements BenchConnection {
  bytes = 0;
  frames = 0;
  patches = 0;
  errors = 0;
  onFrame: (() => void) | null = null;
  private constructor(readonly room: Room) {
    (room as ObservedRoom).observer = this;
    room.onMessage('*', () => undefined);
    room.onMessage('error', () => this.errors++);
  }

  static async join(httpUrl: string, roomId: string, options: object): Promise<DecodingClient> {
    const room = await new ColyseusClient(httpUrl).joinById(roomId, options);
    const client = new DecodingClient(room);
    // joinById resolves on JOIN_ROOM; the full state follows.
    for (let i = 0; i < 400 && (room.state as { code?: string } | undefined)?.code !== roomId; i++) await new Promise((r) => setTimeout(r, 5));
    return client;
  }

  observe(frame: Uint8Array): void {
    this.bytes += frame.byteLength;
    this.frames++;
    if (frame[0] === Protocol.ROOM_STATE_PATCH) this.patches++;
    this.onFrame?.();
  }

  send(frame: Uint8Array): void {
    (this.room as unknown as { connection: { send(data: Uint8Array): void } }).connection.send(frame);
  }

  async close(): Promise<void> {
    await this.room.leave().catch(() => undefined);
  }
}
