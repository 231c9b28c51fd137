import type { GameViewer } from '@samurai/shared';
import type { TableSeatState, TableState } from './table-state';

/** A schema field's value as a game's fields give it: a primitive, or a list of numbers written element by element. */
export type FieldValue = number | string | boolean | readonly number[];
/** Fields by name, each a FieldValue (an object, so a protocol's own field interfaces fit). */
export type Fields = object;

/**
 * How one game's views become its schema's fields: with the schema classes, the only part of
 * the room state that is a game's own on the server. Every value comes from a view: the public
 * ones from a spectator's, a seat's secrets (its @view fields) from that seat's own; so what a
 * viewer may see is decided once, by the game's projection.
 */
export interface ViewFields<View> {
  /** The root's game fields; `endsAt` gives when a running timer (GameTimer.name) ends, 0 for none. */
  root(open: View, endsAt: (timer: string) => number): Fields;
  /** A seat's public game fields; null for a seat not in the game. */
  seat(open: View, seat: number): Fields | null;
  /** A seat's secrets, from its own view. */
  secrets(own: View): Fields;
  /** The public log, which changes at its end only (entries added, or a take-back's removed). */
  log(open: View): readonly (number | string)[];
  /** The values of each kind with no game (the schema's defaults). */
  readonly noGame: Fields;
  readonly noSeat: Fields;
  readonly noSecrets: Fields;
  /** Fields that are schemas of their own (a result), written from the public view. */
  nested?(state: TableState, open: View | null): void;
}

/** The state's log, a StackArraySchema of either kind. */
interface LogList {
  push(...values: (number | string)[]): number;
  pop(): unknown;
  clear(): void;
}

type Written = Record<string, FieldValue | undefined>;

/**
 * Mirrors a game's part of the room state from its views, one way (views → schema; nothing is
 * read back but once, to learn a field's starting value), touching only fields whose value
 * changed: Colyseus sends exactly what is touched, so every patch stays minimal. What it wrote is
 * kept in plain values to compare against: reading schema fields and ArraySchema proxies costs more
 * than the comparisons, on every move of every room. The table's fields are the table's mirror's.
 */
export class ViewMirror<View> {
  private seats: TableSeatState[] = [];
  private readonly root: Written = {};
  private seatWritten: Written[] = [];
  private logLength = 0;

  constructor(
    private readonly state: TableState,
    private readonly fields: ViewFields<View>,
  ) {
    write(state, this.root, fields.noGame);
  }

  /** The table's seats changed (seated, resized, reordered): a new seat schema starts from its values. */
  adoptSeats(seats: readonly TableSeatState[]): void {
    for (let s = 0; s < seats.length; s++) {
      if (this.seats[s] === seats[s]) continue;
      this.seats[s] = seats[s];
      this.seatWritten[s] = {};
    }
    this.seats.length = seats.length;
    this.seatWritten.length = seats.length;
  }

  /** A new game starts a new log. */
  newGame(): void {
    this.log().clear();
    this.logLength = 0;
  }

  /**
   * Brings the game's fields up to date: `view` gives the game as a viewer may see it (null:
   * no game), `endsAt` when each timer ends.
   */
  sync(view: ((viewer: GameViewer) => View) | null, endsAt: (timer: string) => number): void {
    const { fields } = this;
    const open = view && view('spectator');
    write(this.state, this.root, open ? fields.root(open, endsAt) : fields.noGame);
    this.syncLog(open ? fields.log(open) : NO_ENTRIES);
    for (let s = 0; s < this.seats.length; s++) {
      const seat = this.seats[s];
      const written = this.seatWritten[s];
      const values = open && fields.seat(open, s);
      write(seat, written, values ?? fields.noSeat);
      write(seat, written, values ? fields.secrets(view!(s)) : fields.noSecrets);
    }
    fields.nested?.(this.state, open);
  }

  private log(): LogList {
    return (this.state as unknown as { log: LogList }).log;
  }

  /** The log changes at its end only, and the room syncs after every change: a length tells what changed. */
  private syncLog(entries: readonly (number | string)[]): void {
    if (this.logLength === entries.length) return;
    const log = this.log();
    for (; this.logLength > entries.length; this.logLength--) log.pop();
    for (; this.logLength < entries.length; this.logLength++) log.push(entries[this.logLength]);
  }
}

const NO_ENTRIES: readonly number[] = [];

/** Writes each field whose value differs from what was last written (or, the first time, from the schema's). */
function write(target: object, written: Written, fields: Fields): void {
  const schema = target as Record<string, unknown>;
  const values = fields as Readonly<Record<string, FieldValue>>;
  for (const key in values) {
    const value = values[key];
    if (typeof value === 'object') {
      writeList(schema[key] as number[], written, key, value);
      continue;
    }
    const last = key in written ? written[key] : (written[key] = schema[key] as FieldValue);
    if (last !== value) schema[key] = written[key] = value;
  }
}

/** A list of numbers, element by element: only the elements that changed are touched. */
function writeList(list: number[], written: Written, key: string, values: readonly number[]): void {
  let last = written[key] as number[] | undefined;
  if (!last) last = (written[key] = Array.from(list)) as number[];
  for (let i = 0; i < values.length; i++) {
    if (i >= last.length) {
      list.push(values[i]);
      last.push(values[i]);
    } else if (last[i] !== values[i]) {
      list[i] = last[i] = values[i];
    }
  }
  for (; last.length > values.length; last.pop()) list.pop();
}
