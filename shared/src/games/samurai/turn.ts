import { boardFor, hexIndex, HEXES, SETTLEMENT_COUNT } from './board';
import { resolveSurrounded } from './capture';
import { fail, MoveError, MoveFailure } from './errors';
import { hasLegalPlay } from './legal';
import { addToHand } from './plays';
import { score } from './scoring';
import { EndReason, GameState, Table } from './state';
import { HAND_SIZE, TileId } from './tiles';

function checkTurn(table: Table, seat: number): MoveFailure | null {
  if (table.phase === 'over') return fail(MoveError.GameOver);
  if (table.phase !== 'play') return fail(MoveError.WrongPhase, 'Turns begin once setup is done.');
  if (seat !== table.seat) return fail(MoveError.NotYourTurn);
  return null;
}

export function checkEndTurn(table: Table, seat: number): MoveFailure | null {
  return checkTurn(table, seat) ?? (table.turnPlays.length === 0 ? fail(MoveError.NothingPlayed) : null);
}

export function checkPass(table: Table, seat: number): MoveFailure | null {
  const bad = checkTurn(table, seat);
  if (bad) return bad;
  if (table.turnPlays.length > 0) return fail(MoveError.AlreadyPlayed);
  if (hasLegalPlay(table, seat)) return fail(MoveError.MustPlay);
  return null;
}

export function checkUndo(table: Table, seat: number): MoveFailure | null {
  const bad = checkTurn(table, seat);
  if (bad) return bad;
  if (table.turnPlays.length === 0) return fail(MoveError.NothingToUndo);
  if (table.turnCaptures.length > 0) return fail(MoveError.UndoAfterCapture);
  return null;
}

// The settlements endTurn judges, reused from turn to turn (the engine runs one call at a time;
// emptying an array by `length = 0` would be a runtime call on every turn).
const candidates = new Int32Array(SETTLEMENT_COUNT);

/** Ends a turn with plays: end-of-turn captures, refill, next seat (or the end). */
export function endTurn(state: GameState): void {
  if (state.options.captureTiming === 'end-of-turn') {
    // Only settlements next to this turn's land tiles can have become surrounded: every other
    // surrounded settlement was judged in the turn that surrounded it.
    const board = boardFor(state.players);
    let count = 0; // candidates[0, count) kept sorted: judged in settlement order
    for (const play of state.turnPlays) {
      if (play.tile === 'switch') continue;
      const h = hexIndex(play.tile === 'move' ? play.to : play.hex);
      if (HEXES[h].kind !== 'land') continue;
      const adjacent = board.adjacentSettlements[h];
      for (let a = 0; a < adjacent.length; a++) {
        const s = adjacent[a];
        let i = count;
        while (i > 0 && candidates[i - 1] > s) i--;
        if (i > 0 && candidates[i - 1] === s) continue;
        for (let j = count++; j > i; j--) candidates[j] = candidates[j - 1];
        candidates[i] = s;
      }
    }
    resolveSurrounded(state, candidates, count);
  }
  finishTurn(state);
}

/** A pass: no tile could be played. */
export function pass(state: GameState): void {
  finishTurn(state);
}

/** How many tiles the seat to act draws if its turn ends now: its hand refilled to 5, as far as its stack goes. */
function drawCount(state: GameState): number {
  return Math.min(state.stacks[state.seat].length, Math.max(0, HAND_SIZE - state.hands[state.seat].length));
}

/** The tiles the seat to act draws if its turn ends now, in order: they come from the front of its stack. */
export function tilesDrawnAtTurnEnd(state: GameState): TileId[] {
  if (state.phase !== 'play') return []; // no turn to end (and no seat to act in the simultaneous hand choice)
  return state.stacks[state.seat].slice(0, drawCount(state));
}

function finishTurn(state: GameState): void {
  const seat = state.seat;
  const hand = state.hands[seat];
  const stack = state.stacks[seat];
  for (let n = drawCount(state); n > 0; n--) addToHand(hand, stack.shift()!);
  state.turns.push({ seat, plays: state.turnPlays, captures: state.turnCaptures });
  state.passes = state.turnPlays.length === 0 ? state.passes + 1 : 0;
  state.turnPlays = [];
  state.turnCaptures = [];
  const reason = endReason(state);
  if (reason) finishGame(state, reason);
  else state.seat = (seat + 1) % state.players;
}

/** Why the game is over after the turn just finished, or null. Needs only public facts. */
export function endReason(table: Table): EndReason | null {
  let onBoard = 0;
  const { settlements } = boardFor(table.players);
  // Every caste is usually found within the first few settlements.
  for (let i = 0; i < settlements.length && onBoard !== 0b111; i++) onBoard |= table.pieces[settlements[i]];
  if (onBoard !== 0b111) return 'caste-gone';
  if (table.aside[0] + table.aside[1] + table.aside[2] >= 4) return 'fourth-aside';
  if (table.passes >= table.players) return 'all-passed';
  return null;
}

function finishGame(state: GameState, reason: EndReason): void {
  const { leaders, winners } = score(state.captured);
  state.phase = 'over';
  state.seat = -1;
  state.result = {
    reason,
    captured: state.captured.map((c) => [c[0], c[1], c[2]]),
    aside: [state.aside[0], state.aside[1], state.aside[2]],
    leaders,
    winners,
  };
}
