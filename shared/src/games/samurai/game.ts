/**
 * Samurai as the table runs it (shared/src/table/game-contract.ts): the engine's functions under
 * the one contract every game implements. What the room shows that the engine does not keep, the
 * public log and each seat's last draw, is kept beside the engine's state.
 */
import type { GameContract, GameTimer, GameViewer } from '../../table/game-contract';
import { applyMoveInPlace, checkMove } from './apply';
import { BOTS } from './bots';
import { expertMove } from './bots/expert-bot';
import { randomBot } from './bots/random-bot';
import { formatMove, parseMove } from './notation';
import { GameView, RoomView, roomViewFor, viewFor } from './projection';
import { exportRecord, verifyRecord } from './record';
import { encodeLogEntry, startEvents, updateLog } from './protocol/game-log';
import { legalMoves } from './legal';
import { GameIntent, intentToMove, moveToIntent } from './protocol/messages';
import type { ClientRoomState } from './protocol/room-state';
import { tableFromRoomState } from './protocol/table-from-state';
import { gameOptionsOf, RoomOptions } from './protocol/options';
import { packHand } from './protocol/packing';
import { seatsToAct } from './simulate';
import { createGame, filled, GameState, Move } from './state';
import { stateFromJson, stateFromParsed, stateToJson } from './state-json';
import { tilesDrawnAtTurnEnd } from './turn';

/** A room's game of Samurai: the engine's state, the public log, the seats' last draws. */
export interface SamuraiTable {
  game: GameState;
  /** The public log (encodeLogEntry's numbers): everyone's. */
  readonly log: number[];
  /** Per seat, the tiles drawn when its last turn ended (packHand): its owner's alone. */
  readonly drawn: number[];
}

const NO_SEATS: readonly number[] = [];
const NO_TIMERS: readonly GameTimer[] = [];

function table(game: GameState): SamuraiTable {
  return { game, log: startEvents(game).map(encodeLogEntry), drawn: filled(game.players, 0) };
}

/** Applies a move to the room's game, its log and the mover's draw; null when played. */
function play(t: SamuraiTable, move: Move) {
  const game = t.game;
  // What updateLog needs of the state before (the engine extends these lists in place).
  const before = { ...game, turnCaptures: game.turnCaptures.slice(), placements: game.placements.slice() };
  const drawn = move.type === 'endTurn' || move.type === 'pass' ? tilesDrawnAtTurnEnd(game) : null;
  const failure = applyMoveInPlace(game, move);
  if (failure) return failure;
  updateLog(t.log, before, move, game);
  if (drawn) t.drawn[move.seat] = packHand(drawn);
  return { ok: true as const, state: t };
}

/** What `snapshot` writes: the engine's state (stateToJson's) and the lists beside it. */
interface Snapshot {
  readonly state: unknown;
  readonly log: number[];
  readonly drawn: number[];
  readonly last: Move | null;
}

export const samuraiContract: GameContract<SamuraiTable, Move, GameView, RoomOptions, Move, RoomView> = {
  name: 'samurai',
  setup: (options, rng) => table(createGame({ players: options.players, options: gameOptionsOf(options) }, rng)),
  dealOf: (t) => stateToJson(t.game),
  fromDeal: (deal) => table(stateFromJson(deal)),

  intent: (type, payload, seat) => intentToMove(type as GameIntent, payload, seat),
  legal: (t, move) => checkMove(t.game, move),
  apply: play,
  settle: (_t, move) => move, // Samurai has no chance after the deal
  drawsAfterDeal: false,
  replay: play,
  timers: () => NO_TIMERS, // Samurai has no time of its own (the table's clocks are the table's)
  timeUp: (t) => ({ state: t, steps: [] }),

  phase: (t) => t.game.phase,
  seatsToAct: (t) => (t.game.phase === 'over' ? NO_SEATS : seatsToAct(t.game)),
  owing: (t) => (t.game.phase === 'over' ? NO_SEATS : seatsToAct(t.game)),
  forcedMove: (t, seat) => {
    const pass: Move = { type: 'pass', seat };
    return checkMove(t.game, pass) === null ? pass : null; // passing is all it can do
  },
  bots: BOTS,
  fallbackBot: randomBot,
  searchingBots: { levels: ['expert'], quickLevel: 'greedy', answersPrompt: () => false, think: expertMove },

  view: (t, viewer: GameViewer) => viewFor(t.game, viewer),
  roomView: (t, viewer: GameViewer) => roomViewFor(t.game, viewer, t.log, t.drawn),

  record: (t) => (t.game.phase === 'over' ? exportRecord(t.game) : null),
  verifyRecord,
  summary: (t) => (t.game.result ? { reason: t.game.result.reason, winners: t.game.result.winners } : null),
  formatMove,
  parseMove,

  // The state's JSON put in as it is: nested as a string, it would be escaped, and parsed twice at a restore.
  snapshot: (t, last) => `{"state":${stateToJson(t.game)},"log":${JSON.stringify(t.log)},"drawn":${JSON.stringify(t.drawn)},"last":${JSON.stringify(last)}}`,
  resume: (saved) => {
    const s = saved as Snapshot;
    if (!s || typeof s !== 'object' || !Array.isArray(s.log) || !Array.isArray(s.drawn)) throw new Error('not a Samurai snapshot');
    return { state: { game: stateFromParsed(s.state), log: s.log, drawn: s.drawn }, last: s.last };
  },

  viewFromRoom: (state, viewer) => {
    const room = state as ClientRoomState;
    if (room.phase === 'lobby') return null;
    const seats = Array.from(room.seats);
    const counts = { handCounts: seats.map((s) => s.handCount), stackCounts: seats.map((s) => s.stackCount) };
    return { ...tableFromRoomState(room, viewer), viewer, ...counts };
  },
  owesChoice: (view, seat) => {
    if (view.hands[seat] === null || view.hands[seat] === undefined) return false; // its hand not here yet
    if (view.phase === 'hands') return !view.handChosen[seat];
    if ((view.phase !== 'pieces' && view.phase !== 'play') || view.seat !== seat) return false;
    const moves = legalMoves(view, seat);
    return !(moves.length === 1 && moves[0].type === 'pass'); // the server passes for a seat that can only pass
  },
  request: moveToIntent,
};
