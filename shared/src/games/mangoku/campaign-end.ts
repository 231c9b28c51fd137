/**
 * A campaign's end: the last player standing takes the centre pile; after an Emperor or a last
 * turn with nothing to draw, honour decides (a draw-off breaks a tie); with nobody left the pile
 * stays. Then the game ends if anyone has no coins, or the next campaign is dealt.
 */
import { CARDS, CardName, hnrOfIds } from './cards';
import { askingOf, DRAW_OFF, EngineState } from './EngineState';
import { isInCampaign, playersInCampaign, seatAfter } from './hands';
import { finishGame, rankByCoins } from './scoring';
import { campaignInPlay, CampaignEndReason, DrawOffRound, GameState } from './state';

/** Per seat, the honour of the hand of each player still in the campaign (null for the others). */
export function honourOf(state: GameState): (number | null)[] {
  return honour(askingOf(state));
}

function honour(e: EngineState): (number | null)[] {
  // Plain loops, arrays made at their size: closures and pushes cost a good share of a campaign's end.
  const values = new Array<number | null>(e.hands.length);
  for (let s = 0; s < values.length; s++) values[s] = isInCampaign(e.table, s) ? hnrOfIds(e.hands[s]!) : null;
  return values;
}

/** The seats with the most of `values` (null counts as absent), in ascending seat order. */
export function best(values: readonly (number | null)[]): number[] {
  let top = -Infinity;
  let count = 0;
  for (let s = 0; s < values.length; s++) {
    const v = values[s];
    if (v === null) continue;
    if (v > top) {
      top = v;
      count = 1;
    } else if (v === top) count++;
  }
  const seats = new Array<number>(count);
  for (let s = 0, n = 0; n < count; s++) if (values[s] === top) seats[n++] = s;
  return seats;
}

export function endCampaign(e: EngineState<GameState>, reason: CampaignEndReason): void {
  const state = e.table;
  const left = playersInCampaign(state);
  if (reason === 'last-standing' || left.length <= 1) {
    state.ending = { reason, honour: reason === 'last-standing' ? null : honour(e) };
    award(e, left.length === 1 ? left[0] : null);
    return;
  }
  const values = honour(e);
  state.ending = { reason, honour: values };
  const tied = best(values);
  if (tied.length === 1) award(e, tied[0]);
  else e.toDrawOff(tied, false);
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
export function applyDrawOff(e: EngineState<GameState>, deck: readonly CardName[]): void {
  const state = e.table;
  if (e.step !== DRAW_OFF) throw new Error('applyDrawOff: no draw-off');
  const forGame = e.forGame;
  const { round, leaders } = drawOffRound(e.drawOffSeats, deck);
  if (!forGame) {
    const campaign = campaignInPlay(state);
    campaign.drawOff.push(round);
    campaign.drawOffDecks.push(deck.slice());
  } else {
    state.resultDrawOff.push(round);
    state.resultDrawOffDecks.push(deck.slice());
  }
  if (leaders.length > 1) e.toDrawOff(leaders, forGame);
  else if (!forGame) award(e, leaders[0]);
  else finishGame(e, leaders[0]);
}

/**
 * The winner (if any) takes the centre pile; the game ends if any player has no coins, else
 * the next campaign waits for its deal, first played by the winner (or, when nobody won, the
 * seat after the last turn's player).
 */
function award(e: EngineState<GameState>, winner: number | null): void {
  const state = e.table;
  const pot = winner === null ? 0 : state.centre;
  if (winner !== null) {
    state.coins[winner] += state.centre;
    state.centre = 0;
  }
  const ending = state.ending!;
  campaignInPlay(state).end = { reason: ending.reason, winner, pot, honour: ending.honour };
  state.ending = null;
  const nextFirst = winner ?? seatAfter(state.active, 1, state.players);
  state.active = -1;
  state.lastTurn = false;
  if (state.coins.includes(0)) {
    const ranking = rankByCoins(state.coins);
    if (ranking[0].length > 1) e.toDrawOff(ranking[0], true);
    else finishGame(e, ranking[0][0]);
    return;
  }
  state.first = nextFirst;
  e.toDeal();
}
