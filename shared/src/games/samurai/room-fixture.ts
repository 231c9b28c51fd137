/**
 * Room states as the server would send them, built from engine games: for unit tests and the
 * development harness, so the client can be exercised without a server.
 */
import {
  applyMoveInPlace,
  BOTS,
  canSeeCaptures,
  ClientRoomState,
  cloneState,
  COLOUR_IDS,
  createGame,
  DEFAULT_TABLE_OPTIONS,
  encodeLogEntry,
  GameOptions,
  GameState,
  Move,
  packCounts,
  packHand,
  packPieces,
  PlayerCount,
  ROOM_NAME,
  score,
  seatsToAct,
  seededRng,
  startEvents,
  updateLog,
  viewFor,
} from '../../index';

export interface FixtureGame {
  /** The state after each step, and the move that led to it. */
  readonly steps: { readonly move: Move; readonly before: GameState; readonly after: GameState; readonly log: number[] }[];
  readonly initial: GameState;
  readonly initialLog: number[];
}

/** A whole random-bot game, with the public log after every move. */
export function fixtureGame(players: PlayerCount, seed: number, options: Partial<GameOptions> = {}): FixtureGame {
  const rng = seededRng(seed);
  const state = createGame({ players, options }, rng);
  const initial = cloneState(state);
  const initialLog = startEvents(state).map(encodeLogEntry);
  const steps: FixtureGame['steps'][number][] = [];
  let log = initialLog;
  while (state.phase !== 'over') {
    const seat = seatsToAct(state)[0];
    const move = BOTS.random.chooseMove(viewFor(state, seat), seat, rng);
    const before = cloneState(state);
    const bad = applyMoveInPlace(state, move);
    if (bad) throw new Error(`fixture: illegal ${move.type}: ${bad.error}`);
    log = log.slice();
    updateLog(log, before, move, state);
    steps.push({ move, before, after: cloneState(state), log });
  }
  return { steps, initial, initialLog };
}

/** The room state the browser of `viewer` decodes for this engine state (what StateView lets through). */
export function roomStateFor(state: GameState, viewer: number | 'spectator', log: readonly number[], extra: Partial<ClientRoomState> = {}): ClientRoomState {
  const over = state.phase === 'over';
  const scoring = over ? score(state.captured) : null;
  return {
    code: 'ABCDE',
    gameType: ROOM_NAME,
    phase: state.phase,
    game: 1,
    options: { players: state.players, ...state.options, botLevel: 'random', seatOrder: 'fixed', botDelayMs: 0, ...DEFAULT_TABLE_OPTIONS },
    host: 'member0',
    seats: state.hands.map((hand, s) => ({
      id: `member${s}`,
      name: `Player ${s + 1}`,
      colour: COLOUR_IDS[s],
      kind: 'human' as const,
      bot: '',
      connected: true,
      idle: false,
      muted: false,
      clockLeft: 0,
      handChosen: state.handChosen[s],
      handCount: hand.length,
      stackCount: state.stacks[s].length,
      captured: canSeeCaptures(state, 'spectator', s) ? packCounts(state.captured[s]) : -1,
      // What the viewer's StateView adds: its own seat's hand and tally, nobody else's.
      ...(s === viewer ? { hand: packHand(hand), ownCaptured: packCounts(state.captured[s]) } : {}),
    })),
    seat: state.seat,
    pieces: packPieces(state.pieces),
    supply: packCounts(state.supply),
    aside: packCounts(state.aside),
    log: log.slice(),
    result: scoring ? { reason: state.result!.reason, winners: scoring.winners, leaders: scoring.leaders.map((l) => l ?? -1) } : undefined,
    spectators: 1,
    removed: [],
    clockRunning: 0,
    ...extra,
  };
}
