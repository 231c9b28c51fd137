/**
 * Whom each card may be aimed at, and the check of a play (card, Ikki, targets) against the
 * rules of Targets in RULES.md. Runs on a full state or on the acting seat's view.
 */
import { CARDS, CardName, countOf, isCardName, TargetKind } from './cards';
import { fail, MoveError, MoveFailure } from './errors';
import { others, rivals } from './hands';
import { PlayChoice, Table, Target } from './state';

/**
 * The single targets `card` played by `seat` may be aimed at now; empty when the card takes no
 * target, or when nobody it could reach exists (then it is played without effect).
 */
export function targetOptions(table: Table, seat: number, card: CardName): Target[] {
  return targetsOfKind(table, seat, CARDS[card].target);
}

function targetsOfKind(table: Table, seat: number, kind: TargetKind): Target[] {
  switch (kind) {
    case 'none':
      return [];
    case 'rival':
    case 'one-or-two-rivals':
      return rivals(table, seat);
    case 'anyone':
      return others(table, seat);
    case 'rival-or-centre':
      // Resolution: the centre pile, or any other player still in the campaign.
      return ['centre', ...rivals(table, seat)];
  }
}

/** The most targets a card takes: two for a Commander with two rivals left, else one or none. */
export function maxTargets(table: Table, seat: number, card: CardName): number {
  return mostTargets(card, targetOptions(table, seat, card).length);
}

/** maxTargets, given how many single targets the card has. */
function mostTargets(card: CardName, options: number): number {
  if (options === 0) return 0;
  return CARDS[card].target === 'one-or-two-rivals' ? Math.min(2, options) : 1;
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
export function checkPlayChoice(
  table: Table,
  seat: number,
  play: PlayChoice,
  hand: readonly CardName[],
  taken: CardName | null,
): MoveFailure | null {
  if (!isPlayChoiceShape(play)) {
    return fail(MoveError.Malformed, 'A play is { card, ikki?: true, targets?: [one or two seats, or "centre"] }.');
  }
  const { card } = play;
  if (taken !== null) {
    if (card !== taken) return fail(MoveError.MustPlayTaken, `You have just taken a ${CARDS[taken].title}: play it now.`);
  } else if (!hand.includes(card)) {
    return fail(MoveError.NotInHand, `You have no ${CARDS[card].title} in your hand.`);
  }
  if (play.ikki) {
    if (card !== 'peasant') return fail(MoveError.NotIkki, `A ${CARDS[card].title} cannot make an Ikki.`);
    // A taken Peasant needs one from the hand; from the hand, two.
    if (countOf(hand, 'peasant') < (taken !== null ? 1 : 2)) return fail(MoveError.IkkiNeedsTwo);
    if (play.targets) return fail(MoveError.TargetUnexpected, 'An Ikki attacks every other player in the campaign: it takes no target.');
    return null;
  }
  const options = targetOptions(table, seat, card);
  const targets = play.targets ?? [];
  if (options.length === 0) {
    if (targets.length === 0) return null;
    const why = CARDS[card].target === 'none' ? 'is not aimed at anyone' : 'has nobody to reach: it is played without effect';
    return fail(MoveError.TargetUnexpected, `A ${CARDS[card].title} ${why}.`);
  }
  if (targets.length === 0) return fail(MoveError.TargetMissing, `Choose whom the ${CARDS[card].title} is aimed at.`);
  const most = mostTargets(card, options.length);
  if (targets.length > most) return fail(MoveError.TooManyTargets, `A ${CARDS[card].title} takes ${most === 1 ? 'one target' : 'one or two targets'} here.`);
  if (targets.length === 2 && targets[0] === targets[1]) return fail(MoveError.TargetTwice);
  for (const t of targets) {
    if (!options.includes(t)) return fail(MoveError.TargetNotAllowed, `A ${CARDS[card].title} cannot be aimed at ${t === 'centre' ? 'the centre pile' : `seat ${t}`}.`);
  }
  return null;
}

/**
 * Every distinct play of `card` (alone or as an Ikki, with every choice of targets; a
 * Commander's two targets listed once, in seat order from the player).
 */
export function playChoicesFor(
  table: Table,
  seat: number,
  card: CardName,
  hand: readonly CardName[],
  taken: boolean,
  choices: PlayChoice[] = [],
): PlayChoice[] {
  // The card's kind read once: a lookup by card name is among the costliest steps of listing plays.
  const kind = CARDS[card].target;
  const options = targetsOfKind(table, seat, kind);
  if (options.length === 0) choices.push({ card });
  else for (let i = 0; i < options.length; i++) choices.push({ card, targets: [options[i]] });
  if (kind === 'one-or-two-rivals') {
    for (let i = 0; i < options.length; i++) for (let j = i + 1; j < options.length; j++) choices.push({ card, targets: [options[i], options[j]] });
  }
  if (card === 'peasant' && countOf(hand, 'peasant') >= (taken ? 1 : 2)) choices.push({ card, ikki: true });
  return choices;
}
