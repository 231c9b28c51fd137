/**
 * Helpers for the engine's tests: fixtures as one-line positions and moves, seeded bot games,
 * and the invariants every reachable state keeps. Used only by *.test.ts.
 */
import { seededRng, shuffle } from '../../random';
import { applyMove, applyMoveInPlace } from './apply';
import { Bot } from './bots/bot';
import { greedyBot } from './bots/greedy-bot';
import { randomBot } from './bots/random-bot';
import { applyChance, awaitsChance, settle } from './chance';
import { CARD_INDEX, CARD_NAMES, cardsInPlay, PlayerCount, startingCoins } from './cards';
import { MoveError } from './errors';
import { HAND_SIZE } from './hands';
import { seatsToAct } from './legal';
import { formatMove, parseChance, parseMove, parsePosition } from './notation';
import { viewFor } from './projection';
import { createGame } from './setup';
import { Chance, cloneState, GameState, Move, Play } from './state';

export const position = parsePosition;

/** A move from its notation; a typo in a fixture fails loudly instead of testing nothing. */
export function move(text: string): Move {
  const m = parseMove(text);
  if (!m) throw new Error(`fixture: "${text}" is not a move`);
  return m;
}

export function chance(text: string): Chance {
  const c = parseChance(text);
  if (!c) throw new Error(`fixture: "${text}" is not a chance outcome`);
  return c;
}

/**
 * Applies moves (and chance outcomes, written "deal …", "pick …", "drawoff …") in order through
 * applyMove / applyChance; a refusal fails the test with the code and detail.
 */
export function after(state: GameState, ...steps: (string | Move)[]): GameState {
  for (const step of steps) {
    const c = typeof step === 'string' ? parseChance(step) : null;
    const r = c ? applyChance(state, c) : applyMove(state, typeof step === 'string' ? move(step) : step);
    if (!r.ok) throw new Error(`fixture: ${typeof step === 'string' ? step : formatMove(step)} refused: ${r.error} ${r.detail}`);
    state = r.state;
  }
  return state;
}

/** The code applyMove refuses a move with (notation, a Move, or anything a client could send), or null when it is accepted. */
export function refusal(state: GameState, m: unknown): MoveError | null {
  const r = applyMove(state, typeof m === 'string' ? move(m) : (m as Move));
  return r.ok ? null : r.error;
}

/** The last finished turn's play (of the current campaign, or the last one). */
export function lastPlay(state: GameState): Play {
  const turns = state.campaigns[state.campaigns.length - 1].turns;
  return turns[turns.length - 1].play;
}

/** Game number i of a seeded series: the player count cycles through 2 to 6. */
export function seriesPlayers(i: number): PlayerCount {
  return ([2, 3, 4, 5, 6] as const)[i % 5];
}

/**
 * Plays seeded game i between bots, calling `visit` before every move with the state and the
 * move about to be made. Every move must be legal. Returns the finished state.
 */
export function playSeeded(i: number, visit?: (state: GameState, move: Move) => void, bots: readonly Bot[] = Array(6).fill(randomBot)): GameState {
  const gameRng = seededRng(i);
  const state = createGame({ players: seriesPlayers(i) }, gameRng);
  const botRng = seededRng(1_000_003 + i);
  for (let steps = 0; state.step.kind !== 'over'; steps++) {
    if (steps > 100_000) throw new Error(`game ${i} does not end`);
    if (awaitsChance(state)) {
      settle(state, gameRng);
      continue;
    }
    const seat = seatsToAct(state)[0];
    const m = bots[seat].chooseMove(state, seat, botRng);
    visit?.(state, m);
    const bad = applyMoveInPlace(state, m);
    if (bad) throw new Error(`game ${i}: bot chose an illegal move ${formatMove(m)}: ${bad.error} ${bad.detail}`);
  }
  return state;
}

/** Every card of the state, wherever it lies: hands, supply, the discard pile, a card taken. */
export function allCards(state: GameState): string[] {
  const cards = [...state.hands.flat(), ...state.supply, ...state.discard];
  if (state.bottom) cards.push(state.bottom);
  if (state.taken) cards.push(state.taken);
  return cards.sort();
}

/**
 * Every rule of conservation and hand size a reachable state keeps while a player is to act;
 * returns what is broken (empty when all holds), so a property test can report the first bad step.
 */
export function brokenInvariants(state: GameState): string[] {
  const problems: string[] = [];
  const n = state.players;
  const coins = state.coins.reduce((a, b) => a + b, 0) + state.centre + state.coinsOut;
  if (coins !== startingCoins(n) * n) problems.push(`coins: ${coins}, not ${startingCoins(n) * n}`);
  if (state.coins.some((c) => c < 0) || state.centre < 0) problems.push('negative coins');
  if (state.coinsOut !== state.campaigns.length) problems.push(`${state.coinsOut} coins out after ${state.campaigns.length} campaigns`);
  if (state.campaigns.length > 0 && allCards(state).join() !== cardsInPlay(n).slice().sort().join()) problems.push('the cards are not the cards in play');
  for (const hand of state.hands) {
    if (hand.some((c, i) => i > 0 && CARD_NAMES.indexOf(hand[i - 1]) > CARD_NAMES.indexOf(c))) problems.push('a hand out of order');
  }
  const step = state.step;
  if (step.kind === 'play' || step.kind === 'answer' || step.kind === 'take') {
    for (let s = 0; s < n; s++) {
      const size = state.hands[s].length;
      if (!state.inCampaign[s]) {
        if (size) problems.push(`seat ${s} is out of the campaign but holds ${size} cards`);
        continue;
      }
      if (size === 0) problems.push(`seat ${s} is in the campaign with no card`);
      const drawing = s === state.active && step.kind === 'play' && step.source === 'hand' && !state.lastTurn;
      const expected = drawing ? HAND_SIZE + 1 : HAND_SIZE;
      if (state.supply.length > 0 && size !== expected) problems.push(`seat ${s} holds ${size} cards with a supply to draw from`);
      if (size > expected) problems.push(`seat ${s} holds ${size} cards`);
    }
    if (!state.inCampaign[state.active] && !state.lastTurn) problems.push('the active player is out before the last turn');
  }
  if (step.kind === 'answer') {
    const { seats, by } = step.prompt;
    if (seats.includes(by) || new Set(seats).size !== seats.length) problems.push(`prompt asks ${seats.join(',')} for ${by}`);
  }
  return problems;
}

/** The same state with every other hand, the supply and the hidden bottom card dealt again from their own cards. */
export function otherSecrets(state: GameState, seat: number, seed: number): GameState {
  const copy = cloneState(state);
  const others = copy.hands.map((_, s) => s).filter((s) => s !== seat);
  const pool = shuffle([...others.flatMap((s) => copy.hands[s]), ...copy.supply, ...(copy.bottom ? [copy.bottom] : [])], seededRng(seed));
  for (const s of others) copy.hands[s] = pool.splice(0, copy.hands[s].length).sort((a, b) => CARD_INDEX[a] - CARD_INDEX[b]);
  if (copy.bottom) copy.bottom = pool.pop()!;
  copy.supply = pool;
  return copy;
}

/** Every decision of a few seeded greedy games: the state, and a seat that owes a move. */
export function greedyDecisions(games = 3): { state: GameState; seat: number }[] {
  const points: { state: GameState; seat: number }[] = [];
  for (const players of [2, 3, 4, 6] as PlayerCount[]) {
    for (let g = 0; g < games; g++) {
      const state = createGame({ players }, seededRng(players * 10 + g));
      const rng = seededRng(g);
      for (let step = 0; state.step.kind !== 'over' && step < 2000; step++) {
        if (awaitsChance(state)) {
          settle(state, rng);
          continue;
        }
        for (const seat of seatsToAct(state)) points.push({ state: cloneState(state), seat });
        const seat = seatsToAct(state)[0];
        applyMoveInPlace(state, greedyBot.chooseMove(viewFor(state, seat), seat, rng));
      }
    }
  }
  return points;
}
