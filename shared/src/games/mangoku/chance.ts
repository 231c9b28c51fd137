/**
 * Chance, handed to the engine instead of drawn by it: a campaign's shuffled deck, the Tea
 * Master's random card, a draw-off round's deck. A server rolls them with its seeded Rng
 * (rollChance, settle); a record's replay gives the ones written in it.
 */
import { Rng } from '../../random';
import { CARD_INDEX, CARD_NAMES, CardId, cardIds, cardIdsInPlay, CardName, cardNames, isCardName } from './cards';
import { applyDrawOff } from './campaign-end';
import { takeFromHand } from './effects/taking';
import { askingOf, DEAL, DRAW_OFF, EngineState, engineOf, OVER, PICK, STEP_KINDS, writeBack } from './EngineState';
import { fail, MoveError, MoveFailure } from './errors';
import { dealCampaignOf, shuffledIds } from './setup';
import { Chance, cloneState, GameState, Table } from './state';

export type ChanceResult = { readonly ok: true; readonly state: GameState } | MoveFailure;

/** Does the game wait for chance at step `step` (a STEP_KINDS index), rather than a player or nothing? */
export function isChanceStep(step: number): boolean {
  return step === DEAL || step === PICK || step === DRAW_OFF;
}

/** Is the game waiting for chance (rather than a player, or nothing)? */
export function awaitsChance(table: Table): boolean {
  return isChanceStep(STEP_KINDS.indexOf(table.step.kind));
}

/** Is `deck` (card ids) exactly the cards in play, in some order? */
export function isDeckInPlay(deck: readonly CardId[], players: GameState['players']): boolean {
  const inPlay = cardIdsInPlay(players);
  if (deck.length !== inPlay.length) return false;
  // Every deal is checked, simulations' too: one pass over the deck, against counts made once
  // and copied into a scratch array (a new typed array a deal would cost more than the check).
  const counts = COUNTS_LEFT;
  counts.set(inPlayCounts(players));
  for (let i = 0; i < deck.length; i++) counts[deck[i]]--;
  for (let k = 0; k < counts.length; k++) if (counts[k] !== 0) return false;
  return true;
}

/** isDeckInPlay's counts of each card still to find in the deck. */
const COUNTS_LEFT = new Int32Array(CARD_NAMES.length);

function isDeckOfCardsInPlay(deck: unknown, players: GameState['players']): deck is CardName[] {
  if (!Array.isArray(deck)) return false;
  for (let i = 0; i < deck.length; i++) if (!isCardName(deck[i])) return false;
  return isDeckInPlay(cardIds(deck), players);
}

const IN_PLAY_COUNTS = new Map<GameState['players'], Int32Array>();

/** How many of each card (by id) are in play. */
function inPlayCounts(players: GameState['players']): Int32Array {
  let counts = IN_PLAY_COUNTS.get(players);
  if (!counts) {
    counts = new Int32Array(CARD_NAMES.length);
    for (const c of cardIdsInPlay(players)) counts[c]++;
    IN_PLAY_COUNTS.set(players, counts);
  }
  return counts;
}

/** Why `chance` is not the outcome the game waits for, or null. */
function checkChanceOf(e: EngineState<GameState>, chance: Chance): MoveFailure | null {
  if (!chance || typeof chance !== 'object') return fail(MoveError.Malformed, 'A chance outcome is an object with a type.');
  if (e.step === OVER) return fail(MoveError.GameOver);
  const kind = STEP_KINDS[e.step];
  if (chance.type !== kind) return fail(MoveError.ChanceNotDue, `The game waits for ${kind}, not ${String(chance.type)}.`);
  if (chance.type === 'pick') {
    if (!isCardName(chance.card) || !e.hands[e.from]!.includes(CARD_INDEX[chance.card])) {
      return fail(MoveError.ChanceBadPick, `Seat ${e.from} holds no ${String(chance.card)}.`);
    }
    return null;
  }
  if (!isDeckOfCardsInPlay(chance.deck, e.table.players)) return fail(MoveError.ChanceBadDeck);
  return null;
}

/** Why `chance` is not the outcome the game waits for, or null. */
export function checkChance(state: GameState, chance: Chance): MoveFailure | null {
  return checkChanceOf(askingOf(state), chance);
}

/** Applies a chance outcome checkChanceOf allowed. */
function applyCheckedChance(e: EngineState<GameState>, chance: Chance): void {
  switch (chance.type) {
    case 'deal':
      dealCampaignOf(e, cardIds(chance.deck));
      break;
    case 'pick':
      takeFromHand(e, e.from, CARD_INDEX[chance.card]);
      break;
    case 'drawOff':
      applyDrawOff(e, chance.deck);
      break;
  }
}

/** Applies a chance outcome to `state` itself; null when applied, else the refusal (state untouched). */
export function applyChanceInPlace(state: GameState, chance: Chance): MoveFailure | null {
  const e = engineOf(state);
  const bad = checkChanceOf(e, chance);
  if (bad) return bad;
  applyCheckedChance(e, chance);
  writeBack(e);
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

/** The Tea Master's card: uniform over the cards held (two of a name are twice as likely). */
function pickedCard(e: EngineState, rng: Rng): CardId {
  const hand = e.hands[e.from]!;
  return hand[rng.int(hand.length)];
}

/** The chance outcome the game waits for, drawn from `rng`; null when it waits for none. */
function rollChanceOf(e: EngineState<GameState>, rng: Rng): Chance | null {
  switch (e.step) {
    case DEAL:
      return { type: 'deal', deck: cardNames(shuffledIds(e.table.players, rng)) };
    case DRAW_OFF:
      return { type: 'drawOff', deck: cardNames(shuffledIds(e.table.players, rng)) };
    case PICK:
      return { type: 'pick', card: CARD_NAMES[pickedCard(e, rng)] };
    default:
      return null;
  }
}

/** The chance outcome the game waits for, drawn from `rng`; null when it waits for none. */
export function rollChance(state: GameState, rng: Rng): Chance | null {
  return rollChanceOf(askingOf(state), rng);
}

/**
 * Rolls and applies chance outcomes until a player must act or the game is over, as rollChance
 * and applyChanceInPlace would, without the outcomes' objects; `applied`, when given, gets them.
 * With `beforeDeal`, a campaign's deal is left undone (the expert's search ends with the campaign).
 */
export function settleOf(e: EngineState<GameState>, rng: Rng, applied?: Chance[], beforeDeal = false): void {
  while (isChanceStep(e.step) && !(beforeDeal && e.step === DEAL)) {
    if (e.step === PICK) {
      const card = pickedCard(e, rng);
      applied?.push({ type: 'pick', card: CARD_NAMES[card] });
      takeFromHand(e, e.from, card);
      continue;
    }
    const deck = shuffledIds(e.table.players, rng);
    if (!isDeckInPlay(deck, e.table.players)) throw new Error('settle: rolled a deck that is not the cards in play');
    if (e.step === DEAL) {
      applied?.push({ type: 'deal', deck: cardNames(deck) });
      dealCampaignOf(e, deck);
    } else {
      const names = cardNames(deck);
      applied?.push({ type: 'drawOff', deck: names });
      applyDrawOff(e, names);
    }
  }
}

/**
 * Rolls and applies chance outcomes to `state` itself until a player must act or the game is
 * over. Returns the outcomes applied, in order (a server's log keeps them to replay the game).
 */
export function settle(state: GameState, rng: Rng): Chance[] {
  const e = engineOf(state);
  const applied: Chance[] = [];
  settleOf(e, rng, applied);
  writeBack(e);
  return applied;
}
