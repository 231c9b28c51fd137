/**
 * A new game (coins, the first player) and each campaign's deal: 2 cards to each player, one face
 * down to start the discard pile, the rest the supply; every player antes 1 coin into the centre
 * pile, and 1 coin from it leaves the game.
 */
import { Rng, shuffle } from '../../random';
import { CardId, cardIds, cardIdsInPlay, CardName, cardNames, isPlayerCount, NO_CARD, startingCoins } from './cards';
import { EngineState, engineOf, NO_PROMPT_ANSWERS, writeBack } from './EngineState';
import { HAND_SIZE } from './hands';
import { DEFAULT_OPTIONS, GameConfig, GameOptions, GameState, PROMPT_SECONDS } from './state';
import { startTurn } from './turn';

/** Options with the default for each one missing; an impossible value throws. */
export function completeOptions(options: Partial<GameOptions> = {}): GameOptions {
  const promptSeconds = options.promptSeconds ?? DEFAULT_OPTIONS.promptSeconds;
  if (!Number.isInteger(promptSeconds) || promptSeconds < PROMPT_SECONDS.min || promptSeconds > PROMPT_SECONDS.max) {
    throw new Error(`promptSeconds must be an integer from ${PROMPT_SECONDS.min} to ${PROMPT_SECONDS.max}, not ${String(promptSeconds)}`);
  }
  return { promptSeconds };
}

/**
 * A new game waiting for its first deal, `firstSeat` to play first. No randomness: createGame
 * draws the first seat and the deck; replaying a record gives them.
 */
export function newGame(config: GameConfig, firstSeat: number): GameState {
  const { players } = config;
  if (!isPlayerCount(players)) throw new Error(`players must be 2 to 6, not ${String(players)}`);
  if (!Number.isInteger(firstSeat) || firstSeat < 0 || firstSeat >= players) throw new Error(`no seat ${firstSeat} with ${players} players`);
  // Plain loops: Array.from and map cost a good share of a whole simulated game.
  const coins: number[] = [];
  const inCampaign: boolean[] = [];
  const hadTurn: boolean[] = [];
  const hands: CardName[][] = [];
  for (let s = 0; s < players; s++) {
    coins.push(startingCoins(players));
    inCampaign.push(false);
    hadTurn.push(false);
    hands.push([]);
  }
  return {
    players,
    options: completeOptions(config.options),
    firstSeat,
    coins,
    centre: 0,
    coinsOut: 0,
    first: firstSeat,
    active: -1,
    lastTurn: false,
    inCampaign,
    hadTurn,
    hands,
    discard: [],
    step: { kind: 'deal' },
    answers: [],
    taken: null,
    turn: null,
    campaigns: [],
    reveals: [],
    result: null,
    supply: [],
    bottom: null,
    shown: [],
    emperor: false,
    nextRevealId: 0,
    ending: null,
    resultDrawOff: [],
    resultDrawOffDecks: [],
  };
}

/** The cards in play, freshly shuffled (top first), as ids: a deal's or a draw-off round's deck. */
export function shuffledIds(players: GameState['players'], rng: Rng): CardId[] {
  return shuffle(cardIdsInPlay(players).slice(), rng);
}

/** The cards in play, freshly shuffled (top first). */
export function shuffledDeck(players: GameState['players'], rng: Rng): CardName[] {
  return cardNames(shuffledIds(players, rng));
}

/** A new game with its first player drawn at random and its first campaign dealt. */
export function createGame(config: GameConfig, rng: Rng): GameState {
  const e = createEngine(config, rng);
  writeBack(e);
  return e.table;
}

/** createGame, as the working state of a simulation. */
export function createEngine(config: GameConfig, rng: Rng): EngineState<GameState> {
  const e = engineOf(newGame(config, rng.int(config.players)));
  dealCampaignOf(e, shuffledIds(e.table.players, rng));
  return e;
}

/**
 * Deals a campaign from `deck` (already checked to be the cards in play), top first: seat s gets
 * deck[2s] and deck[2s+1], the next card starts the discard pile face down, the rest is the
 * supply. Everyone antes; one coin leaves the game; the first player begins.
 */
export function dealCampaign(state: GameState, deck: readonly CardName[]): void {
  const e = engineOf(state);
  dealCampaignOf(e, cardIds(deck));
  writeBack(e);
}

/**
 * A dealt hand of two cards, sorted, with room for a third (a literal of three, the last taken
 * off): a hand holds at most HAND_SIZE + 1 cards (after a turn's draw), and made with room for
 * them it never grows (an empty array's first push allocates room for 17).
 */
function dealtHand(a: CardId, b: CardId): CardId[] {
  const hand = a <= b ? [a, b, NO_CARD] : [b, a, NO_CARD];
  hand.pop();
  return hand;
}

/** dealCampaign of a deck of ids, which becomes the supply's. */
export function dealCampaignOf(e: EngineState<GameState>, deck: CardId[]): void {
  const state = e.table;
  const n = state.players;
  state.campaigns.push({ first: state.first, deck: cardNames(deck), turns: [], events: [], drawOff: [], drawOffDecks: [], end: null });
  for (let s = 0; s < n; s++) {
    e.hands[s] = dealtHand(deck[HAND_SIZE * s], deck[HAND_SIZE * s + 1]);
    if (state.coins[s] < 1) throw new Error(`dealCampaign: seat ${s} has no coin to ante`);
    state.coins[s]--;
    // Plain stores: fill is a call into the runtime.
    state.inCampaign[s] = true;
    state.hadTurn[s] = false;
  }
  e.bottom = deck[HAND_SIZE * n];
  e.supply = deck;
  e.supplyTop = HAND_SIZE * n + 1;
  e.discard = [];
  state.centre += n - 1;
  state.coinsOut++;
  state.shown = [];
  e.answers = NO_PROMPT_ANSWERS;
  e.taken = NO_CARD;
  startTurn(e, state.first);
}
