/**
 * Whom each card may be aimed at, and the check of a play (card, Ikki, targets) against the
 * rules of docs/rules/mangoku.md § Targets. Runs on a full state or on the acting seat's view.
 */
import {
  CARD_INDEX,
  CardId,
  CardName,
  cardIds,
  countId,
  holdsId,
  isCardName,
  KIND_ANYONE,
  KIND_NONE,
  KIND_ONE_OR_TWO_RIVALS,
  KIND_RIVAL_OR_CENTRE,
  NO_CARD,
  PEASANT,
  TARGET_OF,
  TITLE_OF,
} from './cards';
import { Rng } from '../../random';
import { fail, MoveError, MoveFailure } from './errors';
import { isInCampaign, others, rivals, seatAfter } from './hands';
import { CENTRE, MoveList } from './MoveList';
import { PlayChoice, Table, Target } from './state';

/**
 * Can a card of target kind `kind` (one that takes a seat) played by `seat` be aimed at seat `t`
 * (an integer)? Resolution: a Princess may take from the centre pile, or from any other player
 * still in the campaign; an "anyone" card reaches eliminated players too.
 */
function reaches(table: Table, seat: number, kind: number, t: number): boolean {
  if (t === seat || t < 0 || t >= table.players) return false;
  return kind === KIND_ANYONE || table.inCampaign[t];
}

/** How many seats a card of target kind `kind` played by `seat` may be aimed at (the centre pile aside). */
function seatsReached(table: Table, seat: number, kind: number): number {
  if (kind === KIND_NONE) return 0;
  // What `reaches` says of each seat, counted without asking it seat by seat.
  if (kind === KIND_ANYONE) return table.players - 1;
  let n = 0;
  for (let t = 0; t < table.players; t++) if (t !== seat && isInCampaign(table, t)) n++;
  return n;
}

/** The seats a card of target kind `kind` played by `seat` may be aimed at, in seat order from `seat`. */
function seatOptions(table: Table, seat: number, kind: number): number[] {
  if (kind === KIND_NONE) return [];
  return kind === KIND_ANYONE ? others(table, seat) : rivals(table, seat);
}

/** The most targets a card of kind `kind` takes, given how many single targets it has. */
function mostTargets(kind: number, options: number): number {
  if (options === 0) return 0;
  return kind === KIND_ONE_OR_TWO_RIVALS ? Math.min(2, options) : 1;
}

/**
 * The single targets `card` played by `seat` may be aimed at now; empty when the card takes no
 * target, or when nobody it could reach exists (then it is played without effect).
 */
export function targetOptions(table: Table, seat: number, card: CardName): Target[] {
  const kind = TARGET_OF[CARD_INDEX[card]];
  const seats = seatOptions(table, seat, kind);
  return kind === KIND_RIVAL_OR_CENTRE ? ['centre', ...seats] : seats;
}

/** The most targets a card takes: two for a Commander with two rivals left, else one or none. */
export function maxTargets(table: Table, seat: number, card: CardName): number {
  const kind = TARGET_OF[CARD_INDEX[card]];
  return mostTargets(kind, seatsReached(table, seat, kind) + (kind === KIND_RIVAL_OR_CENTRE ? 1 : 0));
}

function isTarget(t: unknown): t is Target {
  return t === 'centre' || (typeof t === 'number' && Number.isInteger(t));
}

/** Is `play` shaped like a PlayChoice (whatever the rules say of it)? */
export function isPlayChoiceShape(play: unknown): play is PlayChoice {
  if (!play || typeof play !== 'object') return false;
  const p = play as Record<string, unknown>;
  // for…in with hasOwn sees the keys Object.keys would, without allocating their array.
  for (const key in p) if (key !== 'card' && key !== 'ikki' && key !== 'targets' && Object.hasOwn(p, key)) return false;
  if (!isCardName(p.card)) return false;
  if (p.ikki !== undefined && p.ikki !== true) return false;
  if (p.targets !== undefined && !(Array.isArray(p.targets) && p.targets.length > 0 && p.targets.every(isTarget))) return false;
  return true;
}

/**
 * Why `seat` may not put down `play` now, or null. `hand` is the seat's hand; `taken` is the
 * card they must play (a card just taken), or null when they play from the hand.
 */
export function checkPlayChoice(table: Table, seat: number, play: PlayChoice, hand: readonly CardName[], taken: CardName | null): MoveFailure | null {
  if (!isPlayChoiceShape(play)) {
    return fail(MoveError.Malformed, 'A play is { card, ikki?: true, targets?: [one or two seats, or "centre"] }.');
  }
  return checkChoice(table, seat, CARD_INDEX[play.card], play.ikki === true, play.targets, cardIds(hand), taken === null ? NO_CARD : CARD_INDEX[taken]);
}

/**
 * checkPlayChoice of a play already known to be well formed: `card` alone or as an Ikki, aimed at
 * `targets` (none, or one or more); `taken` is the card to play, or NO_CARD to play from `hand`.
 */
export function checkChoice(
  table: Table,
  seat: number,
  card: CardId,
  ikki: boolean,
  targets: readonly Target[] | undefined,
  hand: readonly CardId[],
  taken: CardId,
): MoveFailure | null {
  if (taken !== NO_CARD) {
    if (card !== taken) return fail(MoveError.MustPlayTaken, `You have just taken a ${TITLE_OF[taken]}: play it now.`);
  } else if (!holdsId(hand, card)) {
    return fail(MoveError.NotInHand, `You have no ${TITLE_OF[card]} in your hand.`);
  }
  if (ikki) {
    if (card !== PEASANT) return fail(MoveError.NotIkki, `A ${TITLE_OF[card]} cannot make an Ikki.`);
    // A taken Peasant needs one from the hand; from the hand, two.
    if (countId(hand, PEASANT) < (taken !== NO_CARD ? 1 : 2)) return fail(MoveError.IkkiNeedsTwo);
    if (targets) return fail(MoveError.TargetUnexpected, 'An Ikki attacks every other player in the campaign: it takes no target.');
    return null;
  }
  const kind = TARGET_OF[card];
  const centre = kind === KIND_RIVAL_OR_CENTRE;
  const options = seatsReached(table, seat, kind) + (centre ? 1 : 0);
  const count = targets ? targets.length : 0;
  if (options === 0) {
    if (count === 0) return null;
    const why = kind === KIND_NONE ? 'is not aimed at anyone' : 'has nobody to reach: it is played without effect';
    return fail(MoveError.TargetUnexpected, `A ${TITLE_OF[card]} ${why}.`);
  }
  if (!targets || count === 0) return fail(MoveError.TargetMissing, `Choose whom the ${TITLE_OF[card]} is aimed at.`);
  const most = mostTargets(kind, options);
  if (count > most) return fail(MoveError.TooManyTargets, `A ${TITLE_OF[card]} takes ${most === 1 ? 'one target' : 'one or two targets'} here.`);
  if (count === 2 && targets[0] === targets[1]) return fail(MoveError.TargetTwice);
  for (const t of targets) {
    if (!(t === 'centre' ? centre : reaches(table, seat, kind, t)))
      return fail(MoveError.TargetNotAllowed, `A ${TITLE_OF[card]} cannot be aimed at ${t === 'centre' ? 'the centre pile' : `seat ${t}`}.`);
  }
  return null;
}

/**
 * Lists every distinct play of `card` (alone or as an Ikki, with every choice of targets; a
 * Commander's two targets listed once, in seat order from the player): the centre pile first,
 * then the seats. `taken`: the card was just taken (one Peasant in hand makes an Ikki).
 */
export function listChoices(table: Table, seat: number, card: CardId, hand: readonly CardId[], taken: boolean, list: MoveList): void {
  listCardChoices(REACH.of(table, seat), card, hand, taken, list);
}

/** listChoices for every distinct card of `hand` (sorted), in hand order: the seats reached are found once for all. */
export function listHandChoices(table: Table, seat: number, hand: readonly CardId[], list: MoveList): void {
  const reach = REACH.of(table, seat);
  // The hand is sorted: equal cards are neighbours, and make the same plays.
  for (let i = 0; i < hand.length; i++) if (i === 0 || hand[i] !== hand[i - 1]) listCardChoices(reach, hand[i], hand, false, list);
}

/**
 * Lists alone one of the plays listHandChoices lists (or listChoices, for the card just taken:
 * `taken`, else NO_CARD), drawn uniformly by its place in that list with rng.int of their
 * number: the random bot's draw, made without listing them all (which cost an eighth of a
 * simulated game). False, drawing nothing, when there is no play.
 */
export function listDrawnChoice(table: Table, seat: number, hand: readonly CardId[], taken: CardId, rng: Rng, list: MoveList): boolean {
  const reach = REACH.of(table, seat);
  if (taken !== NO_CARD) {
    addCardChoice(reach, taken, hand, true, rng.int(choiceCount(reach, taken, hand, true)), list);
    return true;
  }
  let total = 0;
  for (let i = 0; i < hand.length; i++) if (i === 0 || hand[i] !== hand[i - 1]) total += choiceCount(reach, hand[i], hand, false);
  if (total === 0) return false;
  let k = rng.int(total);
  for (let i = 0; i < hand.length; i++) {
    if (i > 0 && hand[i] === hand[i - 1]) continue;
    const n = choiceCount(reach, hand[i], hand, false);
    if (k < n) {
      addCardChoice(reach, hand[i], hand, false, k, list);
      return true;
    }
    k -= n;
  }
  throw new Error(`listDrawnChoice: no play ${k} past the hand's`);
}

/**
 * The seats a card played by `seat` may be aimed at, as `reaches` judges them: every other seat
 * (an "anyone" card), or its rivals, those still in the campaign. Kept as bits (seat s is bit
 * s), which V8 keeps in registers, and read in seat order from `seat`.
 */
class Reach {
  seat = 0;
  players = 0;
  rivals = 0;
  rivalCount = 0;
  others = 0;

  /** The seats reached by a card `seat` plays at `table`. */
  of(table: Table, seat: number): this {
    const players = table.players;
    let rivals = 0;
    let rivalCount = 0;
    for (let s = 0; s < players; s++) {
      if (s !== seat && isInCampaign(table, s)) {
        rivals |= 1 << s;
        rivalCount++;
      }
    }
    this.seat = seat;
    this.players = players;
    this.rivals = rivals;
    this.rivalCount = rivalCount;
    this.others = ((1 << players) - 1) & ~(1 << seat);
    return this;
  }

  /** The seats a card of target kind `kind` reaches, as bits. */
  seatsOf(kind: number): number {
    return kind === KIND_NONE ? 0 : kind === KIND_ANYONE ? this.others : this.rivals;
  }

  /** How many seats a card of target kind `kind` reaches. */
  countOf(kind: number): number {
    return kind === KIND_NONE ? 0 : kind === KIND_ANYONE ? this.players - 1 : this.rivalCount;
  }

  /** The `k`-th (from 0) of the seats `seats` (bits), in seat order from the player. */
  nth(seats: number, k: number): number {
    for (let j = 1; j < this.players; j++) {
      const s = seatAfter(this.seat, j, this.players);
      if ((seats & (1 << s)) !== 0 && k-- === 0) return s;
    }
    throw new Error(`Reach: no seat ${k} among those reached`);
  }
}

/** One Reach for the listings above, which read it before they return (a new one a play cost V8 an allocation). */
const REACH = new Reach();

/**
 * A card's plays, in the order they are listed: the centre pile (a Princess); each seat it
 * reaches, alone; the card aimed at nobody, when it reaches nobody (or takes no target); each
 * pair of seats it reaches (a Commander); the Ikki (a Peasant with a second one). Their number
 * and the play at each place both follow from this order, written once in choiceCount and
 * addCardChoice; listCardChoices lists them all.
 */
function listCardChoices(reach: Reach, card: CardId, hand: readonly CardId[], taken: boolean, list: MoveList): void {
  const n = choiceCount(reach, card, hand, taken);
  for (let k = 0; k < n; k++) addCardChoice(reach, card, hand, taken, k, list);
}

/** How many plays `card` has. */
function choiceCount(reach: Reach, card: CardId, hand: readonly CardId[], taken: boolean): number {
  const kind = TARGET_OF[card];
  const reached = reach.countOf(kind);
  let n = kind === KIND_RIVAL_OR_CENTRE ? 1 + reached : reached === 0 ? 1 : reached;
  if (kind === KIND_ONE_OR_TWO_RIVALS) n += (reached * (reached - 1)) >> 1;
  return makesIkki(card, hand, taken) ? n + 1 : n;
}

/** Can `card` be played as an Ikki: a Peasant, with a second one in the hand? */
function makesIkki(card: CardId, hand: readonly CardId[], taken: boolean): boolean {
  // A taken Peasant needs one from the hand; from the hand, two.
  return card === PEASANT && countId(hand, PEASANT) >= (taken ? 1 : 2);
}

/** Adds play `k` (0 <= k < choiceCount) of `card` to `list`. */
function addCardChoice(reach: Reach, card: CardId, hand: readonly CardId[], taken: boolean, k: number, list: MoveList): void {
  const kind = TARGET_OF[card];
  if (kind === KIND_RIVAL_OR_CENTRE) {
    if (k === 0) return list.add(card, false, CENTRE);
    k--;
  }
  const seats = reach.seatsOf(kind);
  const reached = reach.countOf(kind);
  if (k < reached) return list.add(card, false, reach.nth(seats, k));
  k -= reached;
  if (reached === 0 && kind !== KIND_RIVAL_OR_CENTRE) {
    if (k === 0) return list.add(card);
    k--;
  }
  if (kind === KIND_ONE_OR_TWO_RIVALS) {
    // Pairs (i, j), i < j, in order: row i holds reached - 1 - i of them.
    for (let i = 0; i < reached - 1; i++) {
      const row = reached - 1 - i;
      if (k < row) return list.add(card, false, reach.nth(seats, i), reach.nth(seats, i + 1 + k));
      k -= row;
    }
  }
  if (k === 0 && makesIkki(card, hand, taken)) return list.add(card, true);
  throw new Error(`addCardChoice: ${TITLE_OF[card]} has no play ${k} past those listed`);
}
