import { ArraySchema } from '@colyseus/schema';
import { Clocks, leftAt, TableOptions } from '@samurai/shared';
import type { Member } from './Seating';
import type { TableOptionsState, TableSeatState, TableState } from './table-state';

/** Everything of the table the room state mirrors. */
export interface TableFacts {
  readonly code: string;
  readonly phase: string;
  readonly gameNumber: number;
  readonly options: TableOptions;
  readonly hostId: string;
  readonly seats: readonly (Member | null)[];
  readonly spectators: number;
  /** Per seat, whether its person has owed a move too long (the host may let a bot play). */
  readonly idle: readonly boolean[];
  /** Names of people the host removed. */
  readonly removed: readonly string[];
  /** Seat bits: who said "play again", who votes to abandon, who timed out too often (see ClientTableState); none when absent. */
  readonly playAgain?: number;
  readonly abandonVotes?: number;
  readonly timedOut?: number;
  readonly abandoned?: boolean;
}

/**
 * Mirrors the table's facts into the room state, touching only fields whose value changed
 * (Colyseus sends exactly what is touched). One direction: seating → schema; the game's fields
 * are its session's to write.
 */
export class TableMirror {
  /** The seat schemas in order, as a plain array (the game's mirror writes their game fields). */
  readonly seats: TableSeatState[] = [];

  constructor(
    private readonly state: TableState,
    gameType: string,
    private readonly newSeat: () => TableSeatState,
  ) {
    state.gameType = gameType;
  }

  sync(facts: TableFacts): void {
    const { state } = this;
    if (state.code !== facts.code) state.code = facts.code;
    if (state.host !== facts.hostId) state.host = facts.hostId;
    if (state.spectators !== facts.spectators) state.spectators = facts.spectators;
    if (state.game !== facts.gameNumber) state.game = facts.gameNumber;
    const { playAgain = 0, abandonVotes = 0, timedOut = 0, abandoned = false } = facts;
    if (state.playAgain !== playAgain) state.playAgain = playAgain;
    if (state.abandonVotes !== abandonVotes) state.abandonVotes = abandonVotes;
    if (state.timedOut !== timedOut) state.timedOut = timedOut;
    if (state.abandoned !== abandoned) state.abandoned = abandoned;
    this.syncPhase(facts.phase);
    syncOptions(state.options, facts.options);
    while (this.seats.length < facts.seats.length) {
      const seat = this.newSeat();
      state.seats.push(seat);
      this.seats.push(seat);
    }
    while (this.seats.length > facts.seats.length) {
      state.seats.pop();
      this.seats.pop();
    }
    facts.seats.forEach((member, s) => syncMember(this.seats[s], member, facts.idle[s] ?? false));
    syncStrings(state.removed, facts.removed);
  }

  /** A chat line into its slot of the state's ring (the array is made with the first line). */
  chatLine(slot: number, packed: string): void {
    const chat = (this.state.chat ??= new ArraySchema<string>());
    if (slot < chat.length) chat[slot] = packed;
    else chat.push(packed);
  }

  /** The whole ring at once (a restored room, before anyone has connected). */
  chatRing(slots: readonly string[]): void {
    if (slots.length > 0) this.state.chat = new ArraySchema<string>(...slots);
  }

  /**
   * The clocks: which run, and the time left of each seat whose clock changed (`changed` null:
   * every seat), as of `now`, in tenths of a second (rounded up: 0 only once it is all gone).
   */
  syncClocks(clocks: Clocks, changed: readonly boolean[] | null, now: number): void {
    let running = 0;
    for (let s = 0; s < clocks.seats.length; s++) {
      if (clocks.seats[s].since !== null) running |= 1 << s;
      const seat = this.seats[s];
      if (!seat || (changed && !changed[s])) continue;
      const tenths = Math.ceil(leftAt(clocks, s, now) / 100);
      if (seat.clockLeft !== tenths) seat.clockLeft = tenths;
    }
    if (this.state.clockRunning !== running) this.state.clockRunning = running;
  }

  /** After a move: the phase is all of the table's that a move changes. */
  syncPhase(phase: string): void {
    if (this.state.phase !== phase) this.state.phase = phase;
  }
}

/** Every option, the table's and the game's: the game's options schema has a field of each name. */
function syncOptions(target: TableOptionsState, options: TableOptions): void {
  const fields = target as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(options)) if (fields[key] !== value) fields[key] = value;
}

function syncMember(seat: TableSeatState, member: Member | null, idle: boolean): void {
  const id = member?.id ?? '';
  if (seat.id !== id) seat.id = id;
  const name = member?.name ?? '';
  if (seat.name !== name) seat.name = name;
  const colour = member?.colour ?? '';
  if (seat.colour !== colour) seat.colour = colour;
  const kind = member ? (member.bot ? 'bot' : 'human') : 'open';
  if (seat.kind !== kind) seat.kind = kind;
  const bot = member?.bot ?? member?.standIn ?? '';
  if (seat.bot !== bot) seat.bot = bot;
  const connected = member?.connected ?? false;
  if (seat.connected !== connected) seat.connected = connected;
  if (seat.idle !== idle) seat.idle = idle;
  const muted = member?.muted ?? false;
  if (seat.muted !== muted) seat.muted = muted;
}

/** A short list of strings, rewritten only when it differs. */
function syncStrings(target: ArraySchema<string>, values: readonly string[]): void {
  if (target.length === values.length && values.every((v, i) => target[i] === v)) return;
  target.clear();
  target.push(...values);
}
