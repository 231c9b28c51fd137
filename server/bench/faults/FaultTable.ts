/**
 * One room of the fault benchmark: every seat a person's browser (no bots: the game moves only
 * when its people can move), and a spectator. It opens the room, seats everyone, starts the game,
 * and times its clients getting going again after a fault.
 */
import { performance } from 'node:perf_hooks';
import { FaultClient } from './FaultClient';
import { GAMES } from '../../src/games/registry';
import { GameKind } from './owed-move';

export interface Layout {
  readonly game: GameKind;
  readonly players: number;
}

/** A few rooms of every game, of every common size. */
export const LAYOUTS: readonly Layout[] = GAMES.flatMap((game) => [2, 3, 4].map((players) => ({ game: game.name, players })));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `holds`, checked every 50 ms; rejects after `timeoutMs` saying what it waited for. */
export async function until(what: string, holds: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!holds()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Where the room's game stood when a fault ended: the game, and the entries anyone had been shown of it. */
interface Baseline {
  readonly game: number;
  readonly entries: number;
  readonly at: number;
}

export class FaultTable {
  readonly players: FaultClient[] = [];
  readonly spectators: FaultClient[] = [];
  /** Clients that left the room during the run (their logs still count). */
  readonly departed: FaultClient[] = [];
  code = '';
  private baseline: Baseline | null = null;
  /** Since the last fault's end: how long each client took to be shown the game moving on (ms). */
  private readonly movedAfter = new Map<FaultClient, number>();

  constructor(readonly layout: Layout) {}

  /** Everyone in the room now. */
  get clients(): FaultClient[] {
    return [...this.players, ...this.spectators];
  }

  /** Everyone who was ever in it. */
  get everyone(): FaultClient[] {
    return [...this.clients, ...this.departed];
  }

  /** Opens the room through `endpoint`: its host creates it, the others sit down one by one, a spectator watches; the game starts. */
  async open(endpoint: string, seed: number): Promise<void> {
    const { game, players } = this.layout;
    const host = new FaultClient(endpoint, 'host', game, 'P1', seed);
    this.players.push(host);
    this.code = await host.create({ players });
    for (let i = 2; i <= players; i++) {
      const player = new FaultClient(endpoint, 'player', game, `P${i}`, seed + i);
      this.players.push(player);
      await player.join(this.code);
    }
    const spectator = new FaultClient(endpoint, 'spectator', game, 'S', seed + 100);
    this.spectators.push(spectator);
    await spectator.join(this.code);
    await until(
      `every seat of ${this.code} taken`,
      () => this.players.every((p) => p.seat !== null && p.heldToken !== null) && this.clients.every((c) => c.state?.seats.length === players),
    );
    host.send('start');
    await until(`the game of ${this.code} to start`, () => this.clients.every((c) => c.state !== null && c.state.phase !== 'lobby'));
    for (const client of this.clients) this.watch(client);
  }

  startPlaying(): void {
    for (const player of this.players) player.startPlaying();
  }

  stopPlaying(): void {
    for (const player of this.players) player.stopPlaying();
  }

  /** A newcomer: watched from now on (a spectator joining during a fault). */
  add(spectator: FaultClient): void {
    this.spectators.push(spectator);
    this.watch(spectator);
  }

  /** A client leaves the room for good. */
  async remove(client: FaultClient): Promise<void> {
    const list = client.role === 'spectator' ? this.spectators : this.players;
    list.splice(list.indexOf(client), 1);
    this.departed.push(client);
    await client.leave();
  }

  /** The fault ended at `at` (performance.now()): from now on, each client's first sight of the game moving on is timed. */
  markFaultEnd(at: number): void {
    const game = Math.max(0, ...this.everyone.map((c) => Math.max(0, ...c.shown.keys())));
    const entries = Math.max(0, ...this.everyone.map((c) => c.shownOf(game)));
    this.baseline = { game, entries, at };
    this.movedAfter.clear();
    for (const client of this.clients) this.check(client);
  }

  /** Whether every client of the room has been shown the game moving on since the fault's end. */
  get allMoved(): boolean {
    return this.clients.every((c) => this.movedAfter.has(c));
  }

  /** Since the fault's end, ms until each client saw the game move on (Infinity: not yet). */
  movingAgain(): number[] {
    return this.clients.map((c) => this.movedAfter.get(c) ?? Infinity);
  }

  private watch(client: FaultClient): void {
    client.onState = () => this.check(client);
  }

  /** A client has seen the game move on once it is connected and shown more than anyone had been at the fault's end, or the game's end. */
  private check(client: FaultClient): void {
    const base = this.baseline;
    if (!base || this.movedAfter.has(client) || !client.connected || !client.state) return;
    const moved = client.state.game > base.game || client.shownOf(base.game) > base.entries || client.state.phase === 'over';
    if (moved) this.movedAfter.set(client, performance.now() - base.at);
  }
}
