/**
 * One benchmark room: four players and a spectator (or none: bench:peers), playing the room's scripted games at a
 * given rate of moves per second and timing each move until all five clients have its patch.
 */
import { performance } from 'node:perf_hooks';
import { ClientRoomState, GameState, ROOM_NAME, summariseLog, unpackCounts, unpackPieces } from '@samurai/shared';
import { BenchClient, BenchConnection, DecodingClient } from './BenchClient';
import { BENCH_PLAYERS, messageFrame, newBenchGame, scriptGame, ScriptStep } from './bench-script';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000 && !condition(); i++) await sleep(5);
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

const START = messageFrame('start');
const REMATCH = messageFrame('rematch');
const PLAY_AGAIN = messageFrame('playAgain');

/** A change in flight: the room waits until each of its clients has received the patch showing it. */
interface Pending {
  /** A scripted client move, a pass the server makes, a step back at the table between games (regroup), or a new game (start). */
  readonly kind: 'move' | 'serverPass' | 'regroup' | 'newGame';
  readonly sentAt: number;
  readonly measured: boolean;
}

export class BenchRoom {
  /** Connections of the seats' members in the order they sat down (the host first), then the spectator. */
  private clients: BenchConnection[] = [];
  private players: BenchConnection[] = [];
  code = '';
  /** Moves per second this room makes; 0 = idle. */
  rate = 0;
  measuring = false;
  latencies: number[] = [];
  movesMade = 0;
  /** Every move made, measured or not. */
  movesEver = 0;
  /** Patch frames beyond one per change (each would distort the latency measured). */
  extraPatches = 0;
  /** Games finished in this room; the one being played is game number `gamesDone + 1`. */
  private gamesDone = 0;
  private scripts: ScriptStep[][] = [];
  private next = 0;
  /** Patches each client should have received since the game started (baselines below). */
  private expected = 0;
  private baselines: number[] = [];
  private pending: Pending | null = null;
  /** Between games: who says what next, one at a time (each waits for its patch), the host's start last. */
  private regroup: [BenchConnection, Uint8Array][] = [];
  private nextAt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    readonly decodes: boolean,
    /** Whether a spectator watches too (bench:peers' rooms have four clients, the players). */
    private readonly watched = true,
  ) {}

  get spectator(): BenchConnection {
    return this.clients[this.clients.length - 1];
  }

  get errors(): number {
    return this.clients.reduce((sum, c) => sum + c.errors, 0);
  }

  async open(games: number): Promise<void> {
    // Every room plays with a clock running (a bank that does not run out in a benchmark's time).
    const host = await BenchClient.connect(this.url, 'create', ROOM_NAME, { name: 'P0', options: { players: BENCH_PLAYERS, clock: 'bank-20m-20s' } });
    this.code = host.roomId;
    this.players.push(host);
    // One at a time: members sit down in the order they join.
    for (let i = 1; i < BENCH_PLAYERS; i++) this.players.push(await BenchClient.connect(this.url, 'joinById', this.code, { role: 'player', name: `P${i}` }));
    this.clients = [...this.players];
    if (this.watched) {
      this.clients.push(
        this.decodes
          ? await DecodingClient.join(this.url, this.code, { role: 'spectator' })
          : await BenchClient.connect(this.url, 'joinById', this.code, { role: 'spectator' }),
      );
    }
    // Each join patched the clients already in: the host saw four, the spectator none. (With an
    // asynchronous store, joins made while a write is in flight share one patch: then it is enough
    // that the host has had one and nothing more is arriving.)
    let total = -1;
    let quietSince = performance.now();
    await until(() => {
      if (this.clients.every((c, i) => c.patches === this.clients.length - 1 - i)) return true;
      const now = this.clients.reduce((sum, c) => sum + c.patches, 0);
      if (now !== total) [total, quietSince] = [now, performance.now()];
      return this.clients[0].patches > 0 && performance.now() - quietSince > 300;
    }, `room ${this.code} to seat everyone`);
    for (let g = 1; g <= games; g++) this.scripts.push(scriptGame(this.code, g));
    this.baselines = this.clients.map((c) => c.patches);
    for (const client of this.clients) client.onFrame = () => this.received();
    this.pending = { kind: 'newGame', sentAt: performance.now(), measured: false };
    this.expected = 1;
    host.send(START);
    await until(() => this.pending === null, `room ${this.code} to start`);
  }

  setRate(rate: number): void {
    this.rate = rate;
    if (rate > 0) {
      // Rooms are spread over the period; each then keeps to its own clock.
      const delay = Math.random() * (1000 / rate);
      this.nextAt = performance.now() + delay;
      this.schedule(delay);
    } else if (this.timer) clearTimeout(this.timer);
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.act();
      },
      Math.max(0, delayMs),
    );
  }

  private allReceived(): boolean {
    for (let i = 0; i < this.clients.length; i++) if (this.clients[i].patches - this.baselines[i] < this.expected) return false;
    return true;
  }

  private received(): void {
    const pending = this.pending;
    if (!pending || !this.allReceived()) return;
    this.pending = null;
    if (pending.kind === 'regroup') {
      const [sender, frame] = this.regroup.shift()!;
      this.expected++;
      this.pending = { kind: this.regroup.length > 0 ? 'regroup' : 'newGame', sentAt: performance.now(), measured: false };
      sender.send(frame);
      return;
    }
    if (pending.kind === 'newGame') {
      this.next = 0;
    } else {
      this.movesEver++;
      if (pending.measured) {
        this.movesMade++;
        if (pending.kind === 'move') this.latencies.push(performance.now() - pending.sentAt);
      }
      this.next++;
    }
    // A pass the server makes follows the move before it at once: wait for it without pacing.
    if (this.script[this.next]?.kind === 'serverPass') return this.act();
    if (this.rate > 0) this.schedule(this.nextAt - performance.now());
  }

  private get script(): ScriptStep[] {
    while (this.scripts.length <= this.gamesDone) this.scripts.push(scriptGame(this.code, this.scripts.length + 1));
    return this.scripts[this.gamesDone];
  }

  private act(): void {
    if (this.pending) return;
    const step = this.script[this.next];
    if (step?.kind !== 'serverPass') {
      if (this.rate === 0) return;
      const now = performance.now();
      if (now < this.nextAt) return this.schedule(this.nextAt - now);
    }
    for (let i = 0; i < this.clients.length; i++) if (this.clients[i].patches - this.baselines[i] > this.expected) this.extraPatches++;
    const sentAt = performance.now();
    this.expected++;
    if (!step) {
      // The game is over: the host asks for a rematch (back at the table, in seats rotated by one),
      // each other player says "play again", and the host starts the next game.
      this.gamesDone++;
      this.regroup = [...this.players.slice(1).map((p): [BenchConnection, Uint8Array] => [p, PLAY_AGAIN]), [this.players[0], START]];
      this.pending = { kind: 'regroup', sentAt, measured: false };
      this.players[0].send(REMATCH);
      return;
    }
    this.pending = { kind: step.kind, sentAt, measured: this.measuring };
    if (step.kind === 'serverPass') {
      if (this.allReceived()) this.received();
      return;
    }
    // A fixed clock: a move that comes back late does not delay the next tick (the offered load
    // stays `rate`), but a tick missed by more than a period is dropped rather than made up in a burst.
    this.nextAt = Math.max(this.nextAt + 1000 / this.rate, sentAt);
    this.players[(step.seat + this.gamesDone) % BENCH_PLAYERS].send(step.frame);
  }

  bytes(): number {
    return this.clients.reduce((sum, client) => sum + client.bytes, 0);
  }

  frames(): number {
    return this.clients.reduce((sum, client) => sum + client.frames, 0);
  }

  /** Waits for the move in flight, if any. */
  async idle(): Promise<void> {
    this.setRate(0);
    await until(() => this.pending === null, `room ${this.code} to finish its move`);
  }

  /** For a room with a decoding spectator: what its state disagrees with in the script's engine state. */
  mismatches(): string[] {
    const state = (this.spectator as DecodingClient).room.state as ClientRoomState;
    const gameNumber = this.gamesDone + 1;
    let expected: GameState = newBenchGame(this.code, gameNumber);
    if (this.next > 0) scriptGame(this.code, gameNumber, (s, i) => ((expected = s), i + 1 < this.next));
    const found: string[] = [];
    const compare = (what: string, actual: unknown, wanted: unknown) => {
      if (JSON.stringify(actual) !== JSON.stringify(wanted)) found.push(`room ${this.code} ${what}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(wanted)}`);
    };
    compare('game', state.game, gameNumber);
    compare('phase', state.phase, expected.phase);
    compare('seat', state.seat, expected.seat);
    compare('board (from the log)', summariseLog(state.log).board, { hexOwner: expected.hexOwner, hexTile: expected.hexTile });
    compare('pieces', unpackPieces(state.pieces), expected.pieces);
    compare('aside', unpackCounts(state.aside), expected.aside);
    compare(
      'hand counts',
      Array.from(state.seats, (s) => s.handCount),
      expected.hands.map((h) => h.length),
    );
    return found;
  }

  async close(): Promise<void> {
    this.setRate(0);
    await Promise.all(this.clients.map((client) => client.close()));
  }
}
