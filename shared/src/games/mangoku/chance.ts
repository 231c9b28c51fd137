/**
 * Chance, handed to the engine instead of drawn by it: a campaign's shuffled deck, the Tea
 * Master's random card, a draw-off round's deck. A server rolls them with its seeded Rng
 * (rollChance, settle); a record's replay gives the ones written in it.
 */
import { Rng } from '../../random';
import { CARD_INDEX, CARD_NAMES, CardName, cardsInPlay, isCardName } from './cards';
import { applyDrawOff } from './campaign-end';
import { takeFromHand } from './effects/taking';
import { fail, MoveError, MoveFailure } from './errors';
import { dealCampaign, shuffledDeck } from './setup';
import { Chance, cloneState, GameState, Table } from './state';

export type ChanceResult = { readonly ok: true; readonly state: GameState } | MoveFailure;

/** Is the game waiting for chance (rather than a player, or nothing)? */
export function awaitsChance(table: Table): boolean {
  const k = table.step.kind;
  return k === 'deal' || k === 'pick' || k === 'drawOff';
}

function isDeckOfCardsInPlay(deck: unknown, players: GameState['players']): deck is CardName[] {
  if (!Array.isArray(deck)) return false;
  const inPlay = cardsInPlay(players);
  if (deck.length !== inPlay.length) return false;
  // Every deal is checked, simulations' too: one pass over the deck, against counts made once.
  const counts = inPlayCounts(players).slice();
  for (let i = 0; i < deck.length; i++) {
    const c: unknown = deck[i];
    if (!isCardName(c)) return false;
    counts[CARD_INDEX[c]]--;
  }
  for (let k = 0; k < counts.length; k++) if (counts[k] !== 0) return false;
  return true;
}

const IN_PLAY_COUNTS = new Map<GameState['players'], Int32Array>();

/** How many of each card (by CARD_INDEX) are in play. */
function inPlayCounts(players: GameState['players']): Int32Array {
  let counts = IN_PLAY_COUNTS.get(players);
  if (!counts) {
    counts = new Int32Array(CARD_NAMES.length);
    for (const c of cardsInPlay(players)) counts[CARD_INDEX[c]]++;
    IN_PLAY_COUNTS.set(players, counts);
  }
  return counts;
}

/** Why `chance` is not the outcome the game waits for, or null. */
export function checkChance(state: GameState, chance: Chance): MoveFailure | null {
  if (!chance || typeof chance !== 'object') return fail(MoveError.Malformed, 'A chance outcome is an object with a type.');
  const step = state.step;
  if (step.kind === 'over') return fail(MoveError.GameOver);
  if (chance.type !== step.kind) return fail(MoveError.ChanceNotDue, `The game waits for ${step.kind}, not ${String(chance.type)}.`);
  if (chance.type === 'pick') {
    if (step.kind !== 'pick') return fail(MoveError.ChanceNotDue);
    if (!isCardName(chance.card) || !state.hands[step.from].includes(chance.card)) {
      return fail(MoveError.ChanceBadPick, `Seat ${step.from} holds no ${String(chance.card)}.`);
    }
    return null;
  }
  if (!isDeckOfCardsInPlay(chance.deck, state.players)) return fail(MoveError.ChanceBadDeck);
  return null;
}

/** Applies a chance outcome to `state` itself; null when applied, else the refusal (state untouched). */
export function applyChanceInPlace(state: GameState, chance: Chance): MoveFailure | null {
  const bad = checkChance(state, chance);
  if (bad) return bad;
  switch (chance.type) {
    case 'deal':
      dealCampaign(state, chance.deck);
      break;
    case 'pick': {
      const step = state.step as Extract<GameState['step'], { kind: 'pick' }>;
      takeFromHand(state, step.from, chance.card);
      break;
    }
    case 'drawOff':
      applyDrawOff(state, chance.deck);
      break;
  }
  return null;
}

/** State in, new state (or a typed refusal) out; the given state is never changed. */
export function applyChance(state: GameState, chance: Chance): ChanceResult {
  const bad = checkChance(state, chance);
  if (bad) return bad;
  const next = cloneState(state);
  applyChanceInPlace(next, chance);
  return { ok: true, state: next };
}

/** The chance outcome the game waits for, drawn from `rng`; null when it waits for none. */
export function rollChance(state: GameState, rng: Rng): Chance | null {
  const step = state.step;
  switch (step.kind) {
    case 'deal':
      return { type: 'deal', deck: shuffledDeck(state.players, rng) };
    case 'drawOff':
      return { type: 'drawOff', deck: shuffledDeck(state.players, rng) };
    case 'pick': {
      // Uniform over the cards held (two of a name are twice as likely).
      const hand = state.hands[step.from];
      return { type: 'pick', card: hand[rng.int(hand.length)] };
    }
    default:
      return null;
  }
}

/**
 * Rolls and applies chance outcomes to `state` itself until a player must act or the game is
 * over. Returns the outcomes applied, in order (a server's log keeps them to replay the game).
 */
export function settle(state: GameState, rng: Rng): Chance[] {
  const applied: Chance[] = [];
  for (let chance = rollChance(state, rng); chance; chance = rollChance(state, rng)) {
    const bad = applyChanceInPlace(state, chance);
    if (bad) throw new Error(`settle: rolled a refused ${chance.type}: ${bad.detail}`);
    applied.push(chance);
  }
  return applied;
}
