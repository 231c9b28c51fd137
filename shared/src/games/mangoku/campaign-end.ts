/**
 * A campaign's end: the last player standing takes the centre pile; after an Emperor or a last
 * turn with nothing to draw, honour decides (a draw-off breaks a tie); with nobody left the pile
 * stays. Then the game ends if anyone has no coins, or the next campaign is dealt.
 */
import { CARDS, CardName, handHnr } from './cards';
import { playersInCampaign } from './hands';
import { finishGame, rankByCoins } from './scoring';
import { campaignInPlay, CampaignEndReason, DrawOffRound, GameState } from './state';

/** Per seat, the honour of the hand of each player still in the campaign (null for the others). */
export function honourOf(state: GameState): (number | null)[] {
  return state.hands.map((hand, s) => (state.inCampaign[s] ? handHnr(hand) : null));
}

/** The seats with the most of `values` (null counts as absent), in ascending seat order. */
export function best(values: readonly (number | null)[]): number[] {
  let top = -Infinity;
  for (const v of values) if (v !== null && v > top) top = v;
  const seats: number[] = [];
  values.forEach((v, s) => v !== null && v === top && seats.push(s));
  return seats;
}

export function endCampaign(state: GameState, reason: CampaignEndReason): void {
  const left = playersInCampaign(state);
  if (reason === 'last-standing' || left.length <= 1) {
    state.ending = { reason, honour: reason === 'last-standing' ? null : honourOf(state) };
    award(state, left.length === 1 ? left[0] : null);
    return;
  }
  const honour = honourOf(state);
  state.ending = { reason, honour };
  const tied = best(honour);
  if (tied.length === 1) award(state, tied[0]);
  else state.step = { kind: 'drawOff', seats: tied, for: 'campaign' };
}

/**
 * One round of a draw-off from a freshly shuffled deck (top first): the tied players draw in
 * ascending seat order; the highest HNR wins, or those still tied go again.
 */
export function drawOffRound(seats: readonly number[], deck: readonly CardName[]): { round: DrawOffRound; leaders: number[] } {
  const round = seats.map((seat, i) => ({ seat, card: deck[i] }));
  const scores: (number | null)[] = [];
  for (const { seat, card } of round) scores[seat] = CARDS[card].hnr;
  for (let s = 0; s < scores.length; s++) if (scores[s] === undefined) scores[s] = null;
  return { round, leaders: best(scores) };
}

/** Applies a draw-off round's deck (a chance outcome already checked). */
export function applyDrawOff(state: GameState, deck: readonly CardName[]): void {
  const step = state.step;
  if (step.kind !== 'drawOff') throw new Error('applyDrawOff: no draw-off');
  const { round, leaders } = drawOffRound(step.seats, deck);
  if (step.for === 'campaign') {
    const campaign = campaignInPlay(state);
    campaign.drawOff.push(round);
    campaign.drawOffDecks.push(deck.slice());
  } else {
    state.resultDrawOff.push(round);
    state.resultDrawOffDecks.push(deck.slice());
  }
  if (leaders.length > 1) state.step = { kind: 'drawOff', seats: leaders, for: step.for };
  else if (step.for === 'campaign') award(state, leaders[0]);
  else finishGame(state, leaders[0]);
}

/**
 * The winner (if any) takes the centre pile; the game ends if any player has no coins, else
 * the next campaign waits for its deal, first played by the winner (or, when nobody won, the
 * seat after the last turn's player).
 */
function award(state: GameState, winner: number | null): void {
  const pot = winner === null ? 0 : state.centre;
  if (winner !== null) {
    state.coins[winner] += state.centre;
    state.centre = 0;
  }
  const ending = state.ending!;
  campaignInPlay(state).end = { reason: ending.reason, winner, pot, honour: ending.honour };
  state.ending = null;
  const nextFirst = winner ?? (state.active + 1) % state.players;
  state.active = -1;
  state.lastTurn = false;
  if (state.coins.some((c) => c === 0)) {
    const ranking = rankByCoins(state.coins);
    if (ranking[0].length > 1) state.step = { kind: 'drawOff', seats: ranking[0], for: 'game' };
    else finishGame(state, ranking[0][0]);
    return;
  }
  state.first = nextFirst;
  state.step = { kind: 'deal' };
}
