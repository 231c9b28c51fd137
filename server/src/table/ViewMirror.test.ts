import { ArraySchema, Schema } from '@colyseus/schema';
import { DEFAULT_ROOM_OPTIONS, GameContract, mangoku, samuraiContract, seededRng, TableOptions } from '@samurai/shared';
import { mangokuFields } from '../games/mangoku/mangoku-fields';
import { MangokuState, SeatState as MangokuSeat } from '../games/mangoku/mangoku-state';
import { samuraiFields } from '../games/samurai/samurai-fields';
import { RoomState, SeatState as SamuraiSeat } from '../games/samurai/samurai-state';
import { GameTableSession } from './GameTableSession';
import type { TableSeatState, TableState } from './table-state';
import type { FieldValue, ViewFields } from './ViewMirror';

/** A schema field's value as plain data (a list of numbers as an array). */
function plain(value: unknown): unknown {
  return value instanceof ArraySchema ? Array.from(value) : value;
}

/** Whether a field of a schema class is sent only to StateViews that hold its object (@view). */
function isViewField(schema: typeof Schema, field: string): boolean {
  const metadata = (schema as unknown as Record<symbol, Record<string | number, { tag?: number } | number>>)[Symbol.metadata];
  const index = metadata[field] as number;
  return (metadata[index] as { tag?: number }).tag !== undefined;
}

/**
 * Plays a whole game between bots through the generic session (timers running out when nobody
 * moves) and, after every change, holds the room state to the game's views: every public field
 * what a spectator's view gives, every seat's secrets what that seat's own view gives, and the
 * secrets (only) in @view fields, which reach no StateView but their seat's owner's.
 */
function checkWholeGame<State, Move, View, Options extends TableOptions, Step, RoomView>(
  state: TableState,
  seatClass: typeof Schema,
  game: GameContract<State, Move, View, Options, Step, RoomView>,
  fields: ViewFields<RoomView>,
  options: Options,
  seed: number,
): number {
  for (const key of Object.keys(fields.noSecrets)) expect([key, isViewField(seatClass, key)]).toEqual([key, true]);
  for (const key of Object.keys(fields.noSeat)) expect([key, isViewField(seatClass, key)]).toEqual([key, false]);
  const clock = { now: 1_000_000 };
  const session = new GameTableSession(state, game, fields, () => clock.now);
  session.sync(Array.from(state.seats));
  session.start(options, 1, seededRng(seed));
  const internals = session as unknown as { current: State };
  const rng = seededRng(seed + 1);
  const check = () => {
    const open = game.roomView(internals.current, 'spectator');
    const expect_ = (target: object, values: object) => {
      for (const [key, value] of Object.entries(values) as [string, FieldValue][])
        expect([key, plain((target as Record<string, unknown>)[key])]).toEqual([key, value]);
    };
    expect_(
      state,
      fields.root(open, (timer) => session.timerEndsAt(timer)),
    );
    state.seats.forEach((seat: TableSeatState, s: number) => {
      expect_(seat, fields.seat(open, s) ?? fields.noSeat);
      expect_(seat, fields.secrets(game.roomView(internals.current, s)));
    });
    expect(Array.from((state as unknown as { log: ArrayLike<unknown> }).log)).toEqual(fields.log(open));
  };
  let changes = 0;
  for (; session.phase !== 'over' && changes < 3000; changes++) {
    const seat = session.automatedSeat(() => 'random');
    if (seat >= 0) expect(session.playFor(seat, 'random', rng)).toBeNull();
    else session.expire((clock.now = Math.max(clock.now, session.nextDeadline())));
    check();
  }
  expect(session.phase).toBe('over');
  return changes;
}

function seated<S extends TableState>(state: S, seats: number, newSeat: () => TableSeatState): S {
  (state.seats as ArraySchema<TableSeatState>).push(...Array.from({ length: seats }, newSeat));
  return state;
}

describe('ViewMirror', () => {
  it('writes Samurai from its views only: a 3-player game, whose tallies stay behind their screens until the end', () => {
    for (const seed of [1, 2]) {
      const state = seated(new RoomState(), 3, () => new SamuraiSeat());
      const options = { ...DEFAULT_ROOM_OPTIONS, players: 3 as const };
      expect(checkWholeGame(state, SamuraiSeat, samuraiContract, samuraiFields, options, seed)).toBeGreaterThan(20);
    }
  });

  it('writes Mangoku from its views only, prompts, reveals and deals included', () => {
    for (const [players, seed] of [
      [4, 3],
      [6, 4],
    ] as const) {
      const state = seated(new MangokuState(), players, () => new MangokuSeat());
      const options = { ...mangoku.DEFAULT_ROOM_OPTIONS, players, promptSeconds: 10 as const };
      expect(checkWholeGame(state, MangokuSeat, mangoku.mangokuContract, mangokuFields, options, seed)).toBeGreaterThan(20);
    }
  });
});
