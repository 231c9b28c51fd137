/**
 * Helpers for the engine's tests: fixtures as one-line positions and moves, seeded bot games,
 * and the invariants every reachable state keeps. Used only by *.test.ts.
 */
import { applyMove, applyMoveInPlace } from './apply';
import { boardFor, HEXES, PlayerCount, SETTLEMENTS } from './board';
import { randomBot } from './bots/random-bot';
import { Bot } from './bots/bot';
import { countBits } from './setup';
import { MoveError } from './errors';
import { formatMove, formatPlay, parseMove, parsePosition } from './notation';
import { seededRng, shuffle } from '../../random';
import { cloneState, createGame, GameOptions, GameState, Move, Play } from './state';
import { seatsToAct } from './simulate';
import { SWITCH, TILES } from './tiles';

export const position = parsePosition;

/** Exactly what a view holds, as GameView documents it: the Table, the viewer, public sizes. */
export const VIEW_KEYS = [
  'viewer',
  'players',
  'options',
  'phase',
  'seat',
  'hexOwner',
  'hexTile',
  'pieces',
  'supply',
  'hands',
  'captured',
  'aside',
  'handChosen',
  'placements',
  'turns',
  'turnPlays',
  'turnCaptures',
  'passes',
  'result',
  'handCounts',
  'stackCounts',
].sort();

/** A move from its notation; a typo in a fixture fails loudly instead of testing nothing. */
export function move(text: string): Move {
  const m = parseMove(text);
  if (!m) throw new Error(`fixture: "${text}" is not a move`);
  return m;
}

/** Applies moves in order through applyMove; a refusal fails the test with the code and detail. */
export function after(state: GameState, ...moves: (string | Move)[]): GameState {
  for (const m of moves) {
    const mv = typeof m === 'string' ? move(m) : m;
    const r = applyMove(state, mv);
    if (!r.ok) throw new Error(`fixture: ${formatMove(mv)} refused: ${r.error} ${r.detail}`);
    state = r.state;
  }
  return state;
}

/** The code applyMove refuses a move with (notation, a Move, or anything a client could send), or null when it is accepted. */
export function refusal(state: GameState, m: unknown): MoveError | null {
  const r = applyMove(state, typeof m === 'string' ? move(m) : (m as Move));
  return r.ok ? null : r.error;
}

/** A canonical key for a play: formatPlay, with a switch's two pieces in sorted order. */
export function playKey(play: Play): string {
  if (play.tile === 'switch') {
    const [a, b] = play.swap.map((p) => `${p.piece}@${p.hex}`).sort();
    return `switch ${a} ${b}`;
  }
  return formatPlay(play);
}

export const ALL_OPTIONS: GameOptions[] = (['end-of-turn', 'immediate'] as const).flatMap((captureTiming) =>
  (['chosen', 'random'] as const).flatMap((startingHands) => (['players', 'random'] as const).map((setup) => ({ captureTiming, startingHands, setup }))),
);

/** Game number i of a seeded series: player count and options cycle so every mix is covered. */
export function seriesConfig(i: number): { players: PlayerCount; options: GameOptions } {
  return { players: ([2, 3, 4] as const)[i % 3], options: ALL_OPTIONS[Math.floor(i / 3) % ALL_OPTIONS.length] };
}

/**
 * Plays a seeded bot game step by step, calling `visit` before every move with the state and the
 * move about to be made. Every move must be legal. Returns the finished state.
 */
export function playSeeded(
  i: number,
  visit?: (state: GameState, move: Move) => void,
  bots: readonly Bot[] = [randomBot, randomBot, randomBot, randomBot],
): GameState {
  const state = createGame(seriesConfig(i), seededRng(i));
  const botRng = seededRng(1_000_003 + i);
  for (let steps = 0; state.phase !== 'over'; steps++) {
    if (steps > 10_000) throw new Error(`game ${i} does not end`);
    const seat = seatsToAct(state)[0];
    const m = bots[seat].chooseMove(state, seat, botRng);
    visit?.(state, m);
    const bad = applyMoveInPlace(state, m);
    if (bad) throw new Error(`game ${i}: bot chose an illegal move ${formatMove(m)}: ${bad.error} ${bad.detail}`);
  }
  return state;
}

/** How many of each TileId a seat owns. */
const OWNED = TILES.map((t) => t.count);

/**
 * Every rule of conservation and placement a reachable state keeps; returns what is broken
 * (empty when all holds), so a property test can report the first bad step.
 */
export function brokenInvariants(state: GameState): string[] {
  const problems: string[] = [];
  const board = boardFor(state.players);
  // Per seat and tile: hand + stack + board + used switch must be exactly what the seat owns.
  const counts = state.hands.map(() => OWNED.map(() => 0));
  state.hands.forEach((hand, s) => {
    for (const id of hand) counts[s][id]++;
    for (const id of state.stacks[s]) counts[s][id]++;
    if (hand.length > 5) problems.push(`seat ${s}: ${hand.length} tiles in hand`);
  });
  for (const h of board.hexes) if (state.hexOwner[h] >= 0) counts[state.hexOwner[h]][state.hexTile[h]]++;
  for (const t of state.turns) for (const p of t.plays) if (p.tile === 'switch') counts[t.seat][SWITCH]++;
  for (const p of state.turnPlays) if (p.tile === 'switch') counts[state.seat][SWITCH]++;
  counts.forEach((c, s) => {
    if (c.some((n, id) => n !== OWNED[id])) problems.push(`seat ${s}: hand+stack+board+used switch is not its 20 tiles`);
  });
  for (let h = 0; h < HEXES.length; h++) {
    if (state.hexOwner[h] < 0) {
      if (state.hexTile[h] !== -1) problems.push(`${HEXES[h].name}: a tile without an owner`);
      continue;
    }
    const hex = HEXES[h];
    const tile = TILES[state.hexTile[h]];
    if (!board.onBoard[h]) problems.push(`${hex.name}: a tile off the board`);
    else if (hex.settlement >= 0) problems.push(`${hex.name}: a tile on a settlement`);
    else if (tile.target === 'sea' ? hex.kind !== 'sea' : hex.kind !== 'land') problems.push(`${hex.name}: ${tile.name} on ${hex.kind}`);
  }
  for (let c = 0; c < 3; c++) {
    let total = state.supply[c] + state.aside[c];
    for (const captured of state.captured) total += captured[c];
    for (const s of board.settlements) if (state.pieces[s] & (1 << c)) total++;
    if (total !== board.piecesPerCaste) problems.push(`caste ${c}: ${total} pieces, not ${board.piecesPerCaste}`);
  }
  SETTLEMENTS.forEach((s, i) => {
    if (!board.onBoard[s.hex] && state.pieces[i]) problems.push(`${HEXES[s.hex].name}: pieces off the board`);
    if (countBits(state.pieces[i]) > s.capacity) problems.push(`${HEXES[s.hex].name}: over capacity`);
  });
  return problems;
}

/** Copies of every state of seeded game i, before each move, and the finished state last. */
export function snapshots(i: number): GameState[] {
  const states: GameState[] = [];
  states.push(cloneState(playSeeded(i, (s) => states.push(cloneState(s)))));
  return states;
}

/** The same state with every other seat's hand and stack dealt again from their own tiles. */
export function otherSecrets(state: GameState, seat: number, seed: number): GameState {
  const copy = cloneState(state);
  const rng = seededRng(seed);
  for (let s = 0; s < copy.players; s++) {
    if (s === seat) continue;
    const pool = shuffle([...copy.hands[s], ...copy.stacks[s]], rng);
    copy.hands[s] = pool.slice(0, copy.hands[s].length).sort((a, b) => a - b);
    copy.stacks[s] = pool.slice(copy.hands[s].length);
  }
  return copy;
}
