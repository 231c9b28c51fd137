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
  /** The values of each kind with no game (the schema's defaults); their keys are the fields the others give. */
  readonly noGame: Fields;
  readonly noSeat: Fields;
  readonly noSecrets: Fields;
  /** Fields that are schemas of their own (a result), written from the public view. */
  nested?(state: TableState, open: View | null): void;
}

/** Where the mirror's values come from: the game as each viewer may see it, and when its timers end. */
export interface ViewSource<View> {
  roomView(viewer: GameViewer): View;
  /** When the running timer of this name (GameTimer.name) ends, in ms since 1970; 0 for none. */
  timerEndsAt(timer: string): number;
}

/** The state's log, a StackArraySchema of either kind. */
interface LogList {
  push(...values: (number | string)[]): number;
  pop(): unknown;
  clear(): void;
}

/** A game's field names, in the order of its no-game values: the order of the mirror's record of what it wrote. */
interface Layout {
  readonly root: readonly string[];
  /** A seat's public fields, then its secrets. */
  readonly seatPublic: readonly string[];
  readonly seatSecret: readonly string[];
}

/** Computed once per game (every room of a game shares it). */
const LAYOUTS = new WeakMap<ViewFields<unknown>, Layout>();

function layoutOf(fields: ViewFields<unknown>): Layout {
  let layout = LAYOUTS.get(fields);
  if (!layout) {
    layout = { root: Object.keys(fields.noGame), seatPublic: Object.keys(fields.noSeat), seatSecret: Object.keys(fields.noSecrets) };
    LAYOUTS.set(fields, layout);
  }
  return layout;
}

/** A field whose schema value the mirror has not read yet. */
const UNREAD = Symbol('unread');
type Written = (FieldValue | typeof UNREAD)[];

/**
 * Mirrors a game's part of the room state from its views, one way (views → schema; nothing is
 * read back but once, to learn a field's starting value), touching only fields whose value
 * changed: Colyseus sends exactly what is touched, so every patch stays minimal. What it wrote is
 * kept in one flat list per room, in the game's field order: reading schema fields and ArraySchema
 * proxies costs more than the comparisons, on every move of every room, and a record object per
 * seat would cost every room memory. The table's fields are the table's mirror's.
 */
export class ViewMirror<View> {
  private seats: TableSeatState[] = [];
  private readonly layout: Layout;
  private readonly root: Written;
  /** Per seat, its fields (layout.seatPublic, then layout.seatSecret), one seat after the other. */
  private seatWritten: Written = [];
  private logLength = 0;

  constructor(
    private readonly state: TableState,
    private readonly fields: ViewFields<View>,
  ) {
    this.layout = layoutOf(fields as ViewFields<unknown>);
    this.root = new Array<FieldValue | typeof UNREAD>(this.layout.root.length).fill(UNREAD);
    write(state, this.root, 0, this.layout.root, fields.noGame);
  }

  /** The table's seats changed (seated, resized, reordered): a new seat schema starts from its values. */
  adoptSeats(seats: readonly TableSeatState[]): void {
    if (seats.length === this.seats.length && seats.every((seat, s) => seat === this.seats[s])) return;
    const size = this.layout.seatPublic.length + this.layout.seatSecret.length;
    // Made to its size (a list grown a value at a time keeps spare room, in every room).
    const written: Written = new Array<FieldValue | typeof UNREAD>(seats.length * size).fill(UNREAD);
    for (let s = 0; s < seats.length; s++) {
      if (this.seats[s] === seats[s]) for (let k = 0; k < size; k++) written[s * size + k] = this.seatWritten[s * size + k];
      this.seats[s] = seats[s];
    }
    this.seats.length = seats.length;
    this.seatWritten = written;
  }

  /** A new game starts a new log. */
  newGame(): void {
    this.log().clear();
    this.logLength = 0;
  }

  /** Brings the game's fields up to date from `source` (null: no game). */
  sync(source: ViewSource<View> | null): void {
    const { fields, layout } = this;
    const open = source && source.roomView('spectator');
    write(this.state, this.root, 0, layout.root, open ? fields.root(open, (timer) => source.timerEndsAt(timer)) : fields.noGame);
    this.syncLog(open ? fields.log(open) : NO_ENTRIES);
    const { seatPublic, seatSecret } = layout;
    const size = seatPublic.length + seatSecret.length;
    for (let s = 0; s < this.seats.length; s++) {
      const seat = this.seats[s];
      const values = open && fields.seat(open, s);
      write(seat, this.seatWritten, s * size, seatPublic, values ?? fields.noSeat);
      write(seat, this.seatWritten, s * size + seatPublic.length, seatSecret, values ? fields.secrets(source!.roomView(s)) : fields.noSecrets);
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

/**
 * Writes each field of `keys` whose value differs from what was last written (at `written[at + k]`),
 * or, the first time, from the schema's.
 */
function write(target: object, written: Written, at: number, keys: readonly string[], fields: Fields): void {
  const schema = target as Record<string, unknown>;
  const values = fields as Readonly<Record<string, FieldValue>>;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    const value = values[key];
    let last = written[at + k];
    if (typeof value === 'object') {
      if (last === UNREAD) last = written[at + k] = Array.from(schema[key] as number[]);
      writeList(schema[key] as number[], last as number[], value);
      continue;
    }
    if (last === UNREAD) last = written[at + k] = schema[key] as FieldValue;
    if (last !== value) schema[key] = written[at + k] = value;
  }
}

/** A list of numbers, element by element: only the elements that changed are touched. */
function writeList(list: number[], last: number[], values: readonly number[]): void {
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
