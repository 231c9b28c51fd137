/**
 * What each person may see (docs/rules/mangoku.md § What each person may see): their own hand; the
 * public table; the hands a Shrine Maiden reveals, to everyone until hidden; a blocked
 * defender's hand and a Nobleman's look, to that one player only. The supply's order, the face-down
 * card of the discard pile, others' answers before the effect resolves, and a card taken from a
 * hand before it is played reach nobody else.
 */
import { CampaignSummary, cloneState, GameState, Reveal, Shown, Step, Table, TurnInProgress } from './state';

/** A seat number, or a spectator (who sees what a non-player at the table sees). */
export type Viewer = number | 'spectator';

/** What one viewer may know: a Table with what they may not see removed. */
export interface GameView extends Table {
  readonly viewer: Viewer;
  /** Per seat: cards in hand (public). */
  readonly handCounts: number[];
  readonly supplyCount: number;
  /** 1 while the face-down card lies at the bottom of the discard pile, else 0. */
  readonly faceDownCount: number;
  /** Hands shown to this viewer alone in the current campaign (blocked attacks, a Nobleman's look). */
  readonly shown: Shown[];
}

/**
 * Is the card just taken (not yet played) hidden from `viewer`? A card taken from a hand is
 * known to its taker only until it is played face up; one taken from the discard was public.
 */
function takenHiddenFrom(state: GameState, viewer: Viewer): boolean {
  const step = state.step;
  if (step.kind !== 'play' || step.source !== 'taken' || viewer === step.seat) return false;
  const chain = state.turn!.chain;
  return chain[chain.length - 1].card !== 'kabuki';
}

function stepFor(step: Step, viewer: Viewer): Step {
  if (step.kind === 'take' && step.from !== 'discard' && viewer !== step.seat) return { ...step, options: null };
  if (step.kind === 'answer') return { kind: 'answer', prompt: { ...step.prompt, seats: step.prompt.seats.slice() } };
  if (step.kind === 'take') return { ...step, options: step.options ? step.options.slice() : null };
  if (step.kind === 'drawOff') return { ...step, seats: step.seats.slice() };
  return { ...step };
}

function turnFor(state: GameState, hideTook: boolean): TurnInProgress | null {
  const turn = state.turn;
  if (!turn) return null;
  const chain = turn.chain.map((node) => ({ ...node, ...(node.targets ? { targets: node.targets.slice() } : {}) }));
  if (hideTook) delete chain[chain.length - 1].took;
  return { seat: turn.seat, chain, answers: turn.answers.slice() };
}

function summary(c: CampaignSummary): CampaignSummary {
  return { first: c.first, turns: c.turns.slice(), events: c.events.slice(), drawOff: c.drawOff.slice(), end: c.end };
}

function copyReveal(r: Reveal): Reveal {
  return { id: r.id, campaign: r.campaign, seats: r.seats.slice(), hands: r.hands.map((h) => h.slice()) };
}

/**
 * The state as `viewer` may see it. Built field by field, never by copying the state whole,
 * so that nothing added to GameState later can leak into a view by accident.
 */
export function viewFor(state: GameState, viewer: Viewer): GameView {
  const seats = state.hands.map((_, s) => s);
  const hideTook = takenHiddenFrom(state, viewer);
  const prompt = state.step.kind === 'answer' ? state.step.prompt : null;
  return {
    viewer,
    players: state.players,
    options: { ...state.options },
    firstSeat: state.firstSeat,
    coins: state.coins.slice(),
    centre: state.centre,
    coinsOut: state.coinsOut,
    first: state.first,
    active: state.active,
    lastTurn: state.lastTurn,
    inCampaign: state.inCampaign.slice(),
    hadTurn: state.hadTurn.slice(),
    hands: seats.map((s) => (s === viewer ? state.hands[s].slice() : null)),
    discard: state.discard.slice(),
    step: stepFor(state.step, viewer),
    // Only the viewer's own answer: who has answered what is public once the effect resolves.
    answers: prompt ? prompt.seats.map((s, i) => (s === viewer ? state.answers[i] : null)) : [],
    taken: hideTook ? null : state.taken,
    turn: turnFor(state, hideTook),
    campaigns: state.campaigns.map(summary),
    reveals: state.reveals.map(copyReveal),
    result: state.result,
    handCounts: seats.map((s) => state.hands[s].length),
    supplyCount: state.supply.length,
    faceDownCount: state.bottom !== null && state.step.kind !== 'deal' ? 1 : 0,
    shown: state.shown.filter((s) => s.to === viewer).map((s) => ({ ...s, cards: s.cards.slice() })),
  };
}

/**
 * Hides a Shrine Maiden's reveal: time is not the engine's, so the room calls this
 * REVEAL_SECONDS after the reveal. A new state; the given one is not changed.
 */
export function hideReveal(state: GameState, id: number): GameState {
  const next = cloneState(state);
  next.reveals = next.reveals.filter((r) => r.id !== id);
  return next;
}
