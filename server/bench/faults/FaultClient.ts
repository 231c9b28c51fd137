/**
 * One person at a table of the fault benchmark: the browser's own Connection (the class the page
 * runs, with its heartbeat, its reconnection and its seat-keeping policy, in Node), a seat store
 * of its own (one browser each), and a player who moves at a person's pace from what this
 * browser was shown. It notes everything the figures need: the longest log it was shown of each
 * game, entries a later state took back, its seat's token and member id, its statuses.
 */
import { performance } from 'node:perf_hooks';
import { ClientTableState, Rng, seededRng, WelcomeMessage } from '@samurai/shared';
import { Connection, ConnectionStatus } from '../../../client/src/table/Connection';
import { memoryStore, SeatStore } from '../../../client/src/table/seat-store';
import { GameKind, logOf, owedMove } from './owed-move';

export type Role = 'host' | 'player' | 'spectator';

/** A person's think time before a move: between PACE_MS and twice that. */
const PACE_MS = 300;
/**
 * A move sent and not answered (its connection dropped meanwhile, or it was refused) is sent
 * again after this long, as a person would click again.
 */
const RESEND_MS = 4000;

export class FaultClient {
  readonly store = new SeatStore(memoryStore(), memoryStore());
  readonly connection: Connection;
  readonly statusKinds = new Map<ConnectionStatus['kind'], number>();
  /** Every status reported, with when (performance.now()). */
  readonly statusTimes: { readonly kind: ConnectionStatus['kind']; readonly at: number }[] = [];
  status: ConnectionStatus | null = null;
  state: ClientTableState | null = null;
  /** The seat token of the first welcome (a player's). */
  token: string | null = null;
  /** The member id of the first welcome (a player's seat), and of the latest. */
  memberId: string | null = null;
  lastMemberId: string | null = null;
  /** The room's code, once created or joined. */
  code = '';
  /** The longest log this client was shown of each game (by game number). */
  readonly shown = new Map<number, readonly (number | string)[]>();
  /** Entries it had been shown that a later state of the same game no longer showed (a log that went back). */
  takenBack = 0;
  /** Called after each state, once noted (the table watches its clients move). */
  onState: (() => void) | null = null;
  /** The game moves for this seat while true. */
  playing = false;
  private readonly rng: Rng;
  private answered = '';
  private moveTimer: NodeJS.Timeout | undefined;
  private resendTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly endpoint: string,
    readonly role: Role,
    readonly game: GameKind,
    readonly name: string,
    seed: number,
  ) {
    this.rng = seededRng(seed);
    this.connection = new Connection(endpoint, this.store, {
      state: (state) => this.stateArrived(state),
      welcome: (welcome) => this.welcomed(welcome),
      error: (error) => {
        // A refused request of ours (the room waiting for its storage, say): try again after a pause.
        if (error.request) this.answered = '';
        this.consider();
      },
      status: (status) => {
        this.status = status;
        this.statusKinds.set(status.kind, (this.statusKinds.get(status.kind) ?? 0) + 1);
        this.statusTimes.push({ kind: status.kind, at: performance.now() });
      },
    });
  }

  get connected(): boolean {
    return this.status?.kind === 'connected';
  }

  /** The seat token this browser holds for its room now (null: none, or forgotten). */
  get heldToken(): string | null {
    return this.code ? this.store.token(this.code) : null;
  }

  /** This client's seat in the latest state (null for a spectator, or before its welcome). */
  get seat(): number | null {
    const id = this.lastMemberId;
    const seats = this.state?.seats;
    if (!id || !seats) return null;
    const seat = Array.from(seats).findIndex((s) => s.id === id);
    return seat >= 0 ? seat : null;
  }

  /** How many entries of game `game` it was shown. */
  shownOf(game: number): number {
    return this.shown.get(game)?.length ?? 0;
  }

  async create(options: object): Promise<string> {
    this.code = await this.connection.create(this.game, { name: this.name, options });
    return this.code;
  }

  async join(code: string): Promise<void> {
    this.code = code;
    await this.connection.join(code, this.role === 'spectator' ? { role: 'spectator' } : { role: 'player', name: this.name });
  }

  send(type: string, payload?: unknown): void {
    this.connection.send(type, payload);
  }

  /** Gone for good (the page closed): nothing is sent or retried after this. */
  async leave(): Promise<void> {
    this.playing = false;
    clearTimeout(this.moveTimer);
    clearTimeout(this.resendTimer);
    this.onState = null;
    await this.connection.leave();
  }

  startPlaying(): void {
    this.playing = true;
    this.consider();
  }

  stopPlaying(): void {
    this.playing = false;
    clearTimeout(this.moveTimer);
    clearTimeout(this.resendTimer);
  }

  private welcomed(welcome: WelcomeMessage): void {
    if (welcome.role === 'player') {
      this.token ??= welcome.seatToken;
      this.memberId ??= welcome.memberId;
      this.lastMemberId = welcome.memberId;
    }
    // Back in (after a drop): whatever was sent before may never have arrived.
    this.answered = '';
    this.consider();
  }

  private stateArrived(state: ClientTableState): void {
    this.state = state;
    const log = logOf(state);
    const before = this.shown.get(state.game) ?? [];
    let same = 0;
    while (same < before.length && same < log.length && before[same] === log[same]) same++;
    if (same < before.length) this.takenBack = Math.max(this.takenBack, before.length - same);
    if (log.length >= before.length) this.shown.set(state.game, log);
    this.onState?.();
    this.consider();
  }

  /** Moves after a person's pause when the game waits for this seat. */
  private consider(): void {
    if (!this.playing || this.moveTimer) return;
    const owed = this.owed();
    if (!owed || owed.key === this.answered) return;
    this.moveTimer = setTimeout(
      () => {
        this.moveTimer = undefined;
        const now = this.owed();
        if (!this.playing || !now || now.key === this.answered || !this.connected) return;
        this.answered = now.key;
        const { type, payload } = now.choose(this.rng);
        this.send(type, payload);
        clearTimeout(this.resendTimer);
        this.resendTimer = setTimeout(() => {
          if (this.owed()?.key !== now.key) return;
          this.answered = '';
          this.consider();
        }, RESEND_MS);
      },
      PACE_MS + this.rng.int(PACE_MS),
    );
  }

  private owed() {
    const seat = this.seat;
    return this.state && seat !== null && this.role !== 'spectator' ? owedMove(this.game, this.state, seat) : null;
  }
}
