import { distinctCards, PlayerCount } from '../cards';
import { GameView, Viewer } from '../projection';
import { Answer, Result, Reveal, Shown, Step, TurnInProgress } from '../state';
import { campaignsFromHistory } from './history';
import { unpackCards } from './packing';
import { ClientRoomState, ClientSeatState } from './room-state';

/** What a client knows of the game: the engine's view of it, and the game's clock. */
export interface RoomView {
  /**
   * Exactly the engine's `viewFor(state, viewer)` on the server when this state was sent: the
   * engine's Table shape, so legalMoves, checkMove, answerOptions and targetOptions run on it.
   * Public events per campaign are in `view.campaigns[c].events`.
   */
  readonly view: GameView;
  /** When the pending prompt's time runs out (the server's clock, ms since 1970); null when none is pending. */
  readonly promptEndsAt: number | null;
  /** For each reveal of `view.reveals`, in the same order, when it is hidden (the server's clock). */
  readonly revealsEndAt: readonly number[];
}

type TimedReveal = Reveal & { readonly endsAt: number };

function oneCard(text: string | undefined) {
  return text ? unpackCards(text)[0] : null;
}

/**
 * The engine's view of the game for `viewer` (a seat, or 'spectator'), rebuilt from the room
 * state that viewer's browser decoded, with the prompt's and reveals' times; null in the lobby,
 * before the first game. Exact: the protocol's tests hold it equal to viewFor over whole games.
 */
export function viewFromRoomState(state: ClientRoomState, viewer: Viewer): RoomView | null {
  if (state.step === '') return null;
  const seats: ClientSeatState[] = Array.from(state.seats);
  const own = typeof viewer === 'number' ? seats[viewer] : undefined;
  const step = JSON.parse(state.step) as Step;
  const turn = state.turn ? (JSON.parse(state.turn) as TurnInProgress) : null;
  const shown: Shown[] = own?.shown ? (JSON.parse(own.shown) as Shown[]) : [];
  const publicTaken = oneCard(state.taken);
  // A card taken from a hand is its taker's alone until played: their seat says what it is.
  const taken = own?.taken !== undefined ? oneCard(own.taken) : publicTaken;
  if (turn && taken !== null && publicTaken === null) turn.chain[turn.chain.length - 1].took = taken;
  if (step.kind === 'take' && step.from !== 'discard' && step.seat === viewer) {
    // A Nobleman's player chooses from the hand shown to them (the last look at that hand).
    const look = shown.filter((s) => s.why === 'nobleman' && s.from === step.from).pop();
    if (look) Object.assign(step, { options: distinctCards(look.cards) });
  }
  const reveals = state.reveals ? (JSON.parse(state.reveals) as TimedReveal[]) : [];
  const view: GameView = {
    viewer,
    players: state.options.players as PlayerCount,
    options: { promptSeconds: state.options.promptSeconds },
    firstSeat: state.firstSeat,
    coins: seats.map((s) => s.coins),
    centre: state.centre,
    coinsOut: state.coinsOut,
    first: state.first,
    active: state.active,
    lastTurn: state.lastTurn,
    inCampaign: seats.map((s) => s.inCampaign),
    hadTurn: seats.map((s) => s.hadTurn),
    hands: seats.map((s, i) => (i === viewer && s.hand !== undefined ? unpackCards(s.hand) : null)),
    discard: unpackCards(state.discard),
    step,
    answers: step.kind === 'answer' ? step.prompt.seats.map((s) => (s === viewer && own?.answer ? (own.answer as Answer) : null)) : [],
    taken,
    turn,
    campaigns: campaignsFromHistory(state.log),
    reveals: reveals.map(({ id, campaign, seats: shownSeats, hands }) => ({ id, campaign, seats: shownSeats, hands })),
    result: state.result ? (JSON.parse(state.result) as Result) : null,
    handCounts: seats.map((s) => s.handCount),
    supplyCount: state.supplyCount,
    faceDownCount: state.faceDownCount,
    shown,
  };
  return { view, promptEndsAt: step.kind === 'answer' && state.promptEndsAt > 0 ? state.promptEndsAt : null, revealsEndAt: reveals.map((r) => r.endsAt) };
}
