/**
 * Room states as a Mangoku room sends them, built from engine games without a server: for the
 * protocol's tests, and for a client's tests and harness. The server's mirror writes the same
 * fields from the same functions (room-fields.ts).
 */
import { COLOUR_IDS } from '../../../table/colours';
import { Rng, seededRng } from '../../../random';
import { applyMoveInPlace } from '../apply';
import { BOTS } from '../bots';
import { BotName } from '../bots/bot';
import { PlayerCount } from '../cards';
import { seatsToAct } from '../legal';
import { formatMove } from '../notation';
import { hideReveal, viewFor, Viewer } from '../projection';
import { createGame } from '../setup';
import { GameState, Move } from '../state';
import { dealDue, settleUntilDeal } from './chance-timing';
import { encodeHistoryEntry, HistoryCursor, newHistoryCursor, newHistoryEntries } from './history';
import { DEFAULT_ROOM_OPTIONS, ROOM_NAME } from './options';
import { publicFields, revealsField, secretFields, seatFields } from './room-fields';
import { ClientRoomState } from './room-state';

/** The game's clock as a room shows it. */
export interface RoomTimes {
  readonly promptEndsAt: number;
  readonly revealEndsAt: (id: number) => number;
}

const NO_TIMES: RoomTimes = { promptEndsAt: 0, revealEndsAt: () => 0 };

/** The room state the browser of `viewer` decodes for this engine state (what its StateView lets through). */
export function roomStateFor(game: GameState, viewer: Viewer, log: readonly string[], times: RoomTimes = NO_TIMES): ClientRoomState {
  const open = viewFor(game, 'spectator');
  return {
    code: 'ABCDEF',
    gameType: ROOM_NAME,
    phase: game.step.kind === 'over' ? 'over' : 'play',
    game: 1,
    options: { ...DEFAULT_ROOM_OPTIONS, players: game.players, promptSeconds: game.options.promptSeconds },
    host: 'member0',
    spectators: 1,
    removed: [],
    clockRunning: 0,
    seats: game.hands.map((_, s) => ({
      id: `member${s}`,
      name: `Player ${s + 1}`,
      colour: COLOUR_IDS[s],
      kind: 'human' as const,
      bot: '',
      connected: true,
      idle: false,
      muted: false,
      clockLeft: 0,
      ...seatFields(open, s),
      ...(s === viewer ? secretFields(viewFor(game, s)) : {}),
    })),
    ...publicFields(open),
    promptEndsAt: game.step.kind === 'answer' ? times.promptEndsAt : 0,
    reveals: revealsField(game.reveals, times.revealEndsAt),
    log,
  };
}

/** The public log a room keeps, grown as its game goes on. */
export class FixtureLog {
  readonly entries: string[] = [];
  private readonly cursor: HistoryCursor = newHistoryCursor();

  /** Catches up with the game (as the mirror does after each change). */
  update(game: GameState): readonly string[] {
    for (const entry of newHistoryEntries(viewFor(game, 'spectator').campaigns, this.cursor)) this.entries.push(encodeHistoryEntry(entry));
    return this.entries;
  }
}

export interface RoomLikeGameOptions {
  readonly bots?: readonly BotName[];
  /** Called once the game is dealt, then after every change, with the state and the log as the room has them. */
  readonly visit?: (game: GameState, log: readonly string[], change: Move | 'hide' | 'deal') => void;
}

/**
 * A whole seeded bot game played as a room plays it: chance settled after every move (a new
 * campaign's deal as a change of its own), the seats
 * asked answering in a random order, each deciding from its own view, and reveals hidden at
 * random moments (as their time runs out between moves). Returns the finished state.
 */
export function roomLikeGame(players: PlayerCount, seed: number, options: RoomLikeGameOptions = {}): GameState {
  const rng: Rng = seededRng(seed);
  const botRng: Rng = seededRng(seed + 7_919);
  let game = createGame({ players }, rng);
  const log = new FixtureLog();
  options.visit?.(game, log.update(game), 'deal');
  for (let steps = 0; game.step.kind !== 'over'; steps++) {
    if (steps > 10_000) throw new Error(`roomLikeGame ${seed}: the game does not end`);
    if (game.reveals.length > 0 && botRng.int(3) === 0) {
      game = hideReveal(game, game.reveals[0].id);
      options.visit?.(game, log.update(game), 'hide');
      continue;
    }
    const acting = seatsToAct(game);
    const seat = acting[botRng.int(acting.length)];
    const bot = BOTS[options.bots?.[seat] ?? 'random'];
    const move = bot.chooseMove(viewFor(game, seat), seat, botRng);
    const bad = applyMoveInPlace(game, move);
    if (bad) throw new Error(`roomLikeGame ${seed}: ${formatMove(move)} refused: ${bad.error} ${bad.detail}`);
    settleUntilDeal(game, rng);
    options.visit?.(game, log.update(game), move);
    if (dealDue(game, rng)) options.visit?.(game, log.update(game), 'deal');
  }
  return game;
}
