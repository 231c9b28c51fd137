/**
 * One room of a peer server (peer-server-process.ts) for bench:peers: four clients, one after the
 * other sending a move at the room's rate, each move timed until all four have its answer (the
 * bare Colyseus room's patch, or raw ws's frame). Paced as a BenchRoom is: a fixed clock, a tick
 * missed by more than a period dropped rather than made up in a burst.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { BenchClient, BenchConnection } from './BenchClient';
import { messageFrame } from './bench-script';

export const PEERS = ['colyseus', 'ws'] as const;
export type Peer = (typeof PEERS)[number];

const CLIENTS = 4;

/** A move each seat sends: about as long as this server's move messages. */
const MOVES = Array.from({ length: CLIENTS }, (_, seat) => messageFrame('move', { s: seat, m: `play buddha${seat}@14,13` }));

/** A raw ws connection, counted as a BenchClient counts one: every frame it receives is an answer. */
class RawClient implements BenchConnection {
  bytes = 0;
  frames = 0;
  patches = 0;
  readonly errors = 0;
  onFrame: (() => void) | null = null;
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.bytes += data.byteLength;
      this.frames++;
      this.patches++;
      this.onFrame?.();
    });
  }

  static connect(url: string): Promise<RawClient> {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => resolve(new RawClient(socket)));
    });
  }

  send(frame: Uint8Array): void {
    this.socket.send(frame);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

export class PeerRoom {
  rate = 0;
  measuring = false;
  latencies: number[] = [];
  movesMade = 0;
  private clients: BenchConnection[] = [];
  private baselines: number[] = [];
  private expected = 0;
  /** When the move in flight was sent (null: none). */
  private sentAt: number | null = null;
  private measured = false;
  private nextAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private turn = 0;

  /** A room of four clients on `peer`'s server at `port`, the room numbered `index` (raw ws's path). */
  static async open(peer: Peer, port: number, index: number): Promise<PeerRoom> {
    const room = new PeerRoom();
    if (peer === 'colyseus') {
      const url = `http://127.0.0.1:${port}`;
      const host = await BenchClient.connect(url, 'create', 'bare', {});
      room.clients.push(host);
      for (let i = 1; i < CLIENTS; i++) room.clients.push(await BenchClient.connect(url, 'joinById', host.roomId, {}));
    } else {
      for (let i = 0; i < CLIENTS; i++) room.clients.push(await RawClient.connect(`ws://127.0.0.1:${port}/room/${index}`));
    }
    room.baselines = room.clients.map((c) => c.patches);
    for (const client of room.clients) client.onFrame = () => room.received();
    return room;
  }

  setRate(rate: number): void {
    this.rate = rate;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (rate === 0) return;
    // Rooms are spread over the period; each then keeps to its own clock.
    this.nextAt = performance.now() + Math.random() * (1000 / rate);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.rate === 0) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.act();
      },
      Math.max(0, this.nextAt - performance.now()),
    );
  }

  private act(): void {
    if (this.sentAt !== null || this.rate === 0) return;
    const now = performance.now();
    if (now < this.nextAt) return this.schedule();
    this.nextAt = Math.max(this.nextAt + 1000 / this.rate, now);
    this.sentAt = now;
    this.measured = this.measuring;
    this.expected++;
    this.clients[this.turn].send(MOVES[this.turn]);
    this.turn = (this.turn + 1) % CLIENTS;
  }

  private received(): void {
    if (this.sentAt === null) return;
    for (let i = 0; i < CLIENTS; i++) if (this.clients[i].patches - this.baselines[i] < this.expected) return;
    if (this.measured) {
      this.movesMade++;
      this.latencies.push(performance.now() - this.sentAt);
    }
    this.sentAt = null;
    this.schedule();
  }

  /** Stops sending, and waits for the move in flight. */
  async idle(): Promise<void> {
    this.setRate(0);
    for (let i = 0; i < 400 && this.sentAt !== null; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  async close(): Promise<void> {
    this.setRate(0);
    await Promise.all(this.clients.map((client) => client.close()));
  }
}
