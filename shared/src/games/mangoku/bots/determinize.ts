/**
 * Whole games a seat cannot tell from the one it is in, for the expert's search: from what the seat
 * sees (its view), the others' hands, the supply and the face-down card drawn at random, keeping
 * to everything the seat has seen this campaign (each campaign deals the whole deck afresh).
 *
 * The cards nobody has shown the seat are the cards in play less its hand, the face-up discard
 * pile and a card taken in sight. Some of them it knows to be in a given hand:
 * - a hand it was shown (a Shrine Maiden's reveal, a defender's hand that blocked its attack, a
 *   Nobleman's look) holds those cards still, less every card seen to leave that hand since
 *   (played, cancelled with a Monk, taken, discarded to a Ninja, face up when eliminated);
 * - a defender who blocked an attack holds a hand of that much BTL at least, while nothing has
 *   left it since.
 * Every card seen to leave a shown hand in the turn it was shown counts as after the showing, and
 * a card of a name the hand was shown to hold counts as that very card: what is left known may be
 * less than the truth, never more, so no world drawn contradicts what the seat saw.
 */
import { Rng, shuffle } from '../../../random';
import { btlOfIds, CARD_INDEX, CardId, cardIds, cardIdsInPlay, cardNames, distinctIds, IKKI_BTL, insertId, removeId, ATTACK_OF, NO_CARD } from '../cards';
import { GameView, viewFor } from '../projection';
import { AnswerRecord, CampaignRecord, CampaignSummary, GameEvent, GameState, Play, PlayNode, Step, Table, TurnInProgress } from '../state';

/** One turn of the campaign as the seat saw it: who played, each card of its chain, the answers given, what happened. */
interface SeenTurn {
  readonly seat: number;
  readonly chain: readonly PlayNode[];
  readonly answers: readonly AnswerRecord[];
  readonly events: readonly GameEvent[];
}

function chainOf(play: Play): PlayNode[] {
  const nodes: PlayNode[] = [];
  for (let p: Play | undefined = play; p; p = p.then) nodes.push({ card: p.card, ikki: p.ikki, targets: p.targets?.slice(), took: p.took });
  return nodes;
}

function turnsSeen(campaign: CampaignSummary, turn: TurnInProgress | null): SeenTurn[] {
  const turns: SeenTurn[] = campaign.turns.map((t, i) => ({
    seat: t.seat,
    chain: chainOf(t.play),
    answers: t.answers ?? [],
    events: campaign.events.filter((e) => e.turn === i),
  }));
  if (turn) {
    const now = campaign.turns.length;
    turns.push({ seat: turn.seat, chain: turn.chain, answers: turn.answers, events: campaign.events.filter((e) => e.turn === now) });
  }
  return turns;
}

/** A hand known (in part) since a turn: the cards still known there, and a least BTL while it is unchanged. */
interface Known {
  cards: CardId[];
  /** The least BTL of the whole hand, or 0; it holds only while nothing has left the hand. */
  btl: number;
}

/** What `turn` took out of `seat`'s hand, as far as anyone saw: cards, or 'all' (a Ninja, an elimination). */
function leftHand(turn: SeenTurn, seat: number): CardId[] | 'all' {
  for (const e of turn.events) if ((e.type === 'discarded' || e.type === 'eliminated') && e.seat === seat) return 'all';
  const left: CardId[] = [];
  if (turn.seat === seat && turn.chain.length > 0) {
    const first = turn.chain[0];
    left.push(CARD_INDEX[first.card]);
    if (first.ikki) left.push(CARD_INDEX.peasant);
  }
  for (const node of turn.chain) {
    if (node.took !== undefined && node.card !== 'kabuki' && node.targets?.[0] === seat) left.push(CARD_INDEX[node.took]);
  }
  for (const a of turn.answers) if (a.seat === seat && a.answer === 'monk') left.push(CARD_INDEX.monk);
  return left;
}

/** The least BTL of the attacks in `turn` that reached `seat` (each attack its defender blocked was one of them). */
function attackOn(turn: SeenTurn, seat: number): number {
  let least = Infinity;
  for (const node of turn.chain) {
    const btl = node.ikki ? IKKI_BTL : ATTACK_OF[CARD_INDEX[node.card]];
    if (btl > 0 && (node.ikki || node.targets?.includes(seat))) least = Math.min(least, btl);
  }
  return least === Infinity ? 0 : least;
}

/**
 * Per seat, what `seat` knows of its hand now: shown hands, followed turn by turn through every
 * card seen to leave them (each turn's showings first, then what left, generously).
 */
function knownHands(table: GameView, seat: number, turns: readonly SeenTurn[]): Known[] {
  const known: Known[] = table.hands.map(() => ({ cards: [], btl: 0 }));
  const campaign = table.campaigns.length - 1;
  const shownAt = (t: number): { from: number; cards: readonly string[] }[] => {
    const shown: { from: number; cards: readonly string[] }[] = [];
    for (const s of table.shown) if (s.turn === t) shown.push(s);
    return shown;
  };
  // A reveal does not say its turn; its event does. Reveals are hidden in the order they came, so
  // the ones still showing are the campaign's last revealed events.
  const revealedTurns = turns.flatMap((t, i) => (t.events.some((e) => e.type === 'revealed') ? [i] : []));
  const reveals = table.reveals.filter((r) => r.campaign === campaign).sort((a, b) => a.id - b.id);
  const revealTurn = new Map(reveals.map((r, i) => [r, revealedTurns[revealedTurns.length - reveals.length + i] ?? -1]));

  turns.forEach((turn, t) => {
    const showings = shownAt(t);
    for (const [r, at] of revealTurn) if (at === t) r.seats.forEach((s, i) => showings.push({ from: s, cards: r.hands[i] as string[] }));
    for (const { from, cards } of showings) known[from] = { cards: cardIds(cards as Parameters<typeof cardIds>[0]), btl: 0 };
    for (const e of turn.events) if (e.type === 'blocked') known[e.seat].btl = Math.max(known[e.seat].btl, attackOn(turn, e.seat));
    for (let s = 0; s < known.length; s++) {
      const left = leftHand(turn, s);
      if (left === 'all' || left.length > 0) known[s].btl = 0;
      if (left === 'all') known[s].cards = [];
      else for (const c of left) removeId(known[s].cards, c);
    }
  });
  // A Nobleman's taker sees the hand it takes from (its showing says so too): every card of it is there.
  const step = table.step;
  if (step.kind === 'take' && step.from !== 'discard' && step.options) {
    const cards = known[step.from].cards;
    for (const c of cardIds(step.options)) if (!cards.includes(c)) insertId(cards, c);
  }
  // A card taken from a hand and not yet played left it unseen: nothing of that hand is known.
  const last = table.turn?.chain[table.turn.chain.length - 1];
  if (takenHidden(table, seat) && typeof last?.targets?.[0] === 'number') known[last.targets[0]] = { cards: [], btl: 0 };
  return known;
}

function handCount(table: GameView, s: number): number {
  return table.handCounts[s];
}

/** The taken card is hidden from the seat (taken from another's hand, not yet played). */
function takenHidden(table: GameView, seat: number): boolean {
  const step = table.step;
  return step.kind === 'play' && step.source === 'taken' && step.seat !== seat && table.taken === null;
}

function copyStep(step: Step): Step {
  switch (step.kind) {
    case 'answer':
      return { kind: 'answer', prompt: { ...step.prompt, seats: step.prompt.seats.slice() } };
    case 'take':
      return { ...step, options: step.options ? step.options.slice() : null };
    case 'drawOff':
      return { ...step, seats: step.seats.slice() };
    default:
      return { ...step };
  }
}

function campaignRecords(campaigns: readonly CampaignSummary[]): CampaignRecord[] {
  // Only the last campaign changes: its lists are copies; no search writes a record, so no deck.
  return campaigns.map((c, i) =>
    i === campaigns.length - 1
      ? { first: c.first, turns: c.turns.slice(), events: c.events.slice(), drawOff: c.drawOff.slice(), end: c.end, deck: [], drawOffDecks: [] }
      : { ...c, deck: [], drawOffDecks: [] },
  );
}

/** Tries at drawing a world that keeps every least BTL known, before one that may not is taken. */
const TRIES = 20;

/**
 * A sampler of worlds consistent with what `seat` sees in `table` (its view; a full state is read
 * through the seat's view of it): each call a new GameState.
 */
export function worldSampler(seen: Table, seat: number): (rng: Rng) => GameState {
  const table = 'supply' in seen ? viewFor(seen as GameState, seat) : (seen as GameView);
  const own = table.hands[seat];
  if (!own) throw new Error(`worldSampler: the table does not show seat ${seat}'s hand`);
  const players = table.players;
  const others = table.hands.map((_, s) => s).filter((s) => s !== seat);
  const unseen = cardIdsInPlay(players).slice();
  for (const c of cardIds(own)) removeId(unseen, c);
  for (const c of cardIds(table.discard)) removeId(unseen, c);
  if (table.taken) removeId(unseen, CARD_INDEX[table.taken]);
  const supplyCount = table.supplyCount;
  const faceDown = table.faceDownCount;
  const hiddenTaken = takenHidden(table, seat) ? 1 : 0;

  const campaign = table.campaigns[table.campaigns.length - 1];
  const known =
    campaign && table.step.kind !== 'deal' ? knownHands(table, seat, turnsSeen(campaign, table.turn)) : table.hands.map(() => ({ cards: [], btl: 0 }));
  // Known cards are dealt first; a seat whose known cards cannot all be (a state no game reaches) is known not at all.
  const free = unseen.slice();
  for (const s of others) {
    const cards = known[s].cards;
    const left = free.slice();
    if (cards.length > handCount(table, s) || !cards.every((c) => removeId(left, c))) {
      known[s] = { cards: [], btl: 0 };
      continue;
    }
    free.splice(0, free.length, ...left);
  }
  let needed = supplyCount + faceDown + hiddenTaken;
  for (const s of others) needed += handCount(table, s) - known[s].cards.length;
  if (free.length < needed) throw new Error(`worldSampler: ${free.length} cards unseen, ${needed} needed`);
  const blocked = others.filter((s) => known[s].btl > 0);

  const deal = (rng: Rng): { hands: CardId[][]; rest: CardId[] } => {
    const cards = shuffle(free.slice(), rng);
    let at = 0;
    const hands = table.hands.map((_, s) => {
      if (s === seat) return cardIds(own);
      const hand = known[s].cards.slice();
      for (let n = handCount(table, s) - hand.length; n > 0; n--) insertId(hand, cards[at++]);
      return hand;
    });
    return { hands, rest: cards.slice(at, at + supplyCount + faceDown + hiddenTaken) };
  };

  return (rng) => {
    let dealt = deal(rng);
    for (let i = 1; i < TRIES && blocked.some((s) => btlOfIds(dealt.hands[s]) < known[s].btl); i++) dealt = deal(rng);
    const { hands, rest } = dealt;
    const taken = hiddenTaken ? rest.pop()! : table.taken === null ? NO_CARD : CARD_INDEX[table.taken];
    const bottom = faceDown ? rest.pop()! : NO_CARD;
    const step = copyStep(table.step);
    if (step.kind === 'take' && step.options === null && step.from !== 'discard') {
      (step as { options: readonly string[] | null }).options = cardNames(distinctIds(hands[step.from]));
    }
    const turn = table.turn && {
      seat: table.turn.seat,
      chain: table.turn.chain.map((n) => ({ ...n, ...(n.targets ? { targets: n.targets.slice() } : {}) })),
      answers: table.turn.answers.slice(),
    };
    const state: GameState = {
      players,
      options: table.options,
      firstSeat: table.firstSeat,
      coins: table.coins.slice(),
      centre: table.centre,
      coinsOut: table.coinsOut,
      first: table.first,
      active: table.active,
      lastTurn: table.lastTurn,
      inCampaign: table.inCampaign.slice(),
      hadTurn: table.hadTurn.slice(),
      hands: hands.map((h) => cardNames(h)),
      discard: table.discard.slice(),
      step,
      answers: table.answers.slice(),
      taken: taken === NO_CARD ? null : cardNames([taken])[0],
      turn,
      campaigns: campaignRecords(table.campaigns),
      reveals: table.reveals.slice(),
      result: table.result,
      supply: cardNames(rest),
      bottom: bottom === NO_CARD ? null : cardNames([bottom])[0],
      shown: [],
      emperor: !!turn && turn.chain.some((n) => n.card === 'emperor'),
      nextRevealId: table.reveals.reduce((id, r) => Math.max(id, r.id + 1), 0),
      ending: null,
      resultDrawOff: [],
      resultDrawOffDecks: [],
    };
    return state;
  };
}
