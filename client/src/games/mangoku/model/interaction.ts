/**
 * Choosing a play: a card (alone, or two Peasants as an Ikki), then its targets. Every choice the
 * screen offers comes from the engine's legal plays on your own view, so nothing the engine would
 * refuse can be put together; a finished play is checked once more (checkMove) before it is sent.
 */
import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { cardTitle } from './words';

type CardName = mangoku.CardName;
type Target = mangoku.Target;
type PlayChoice = mangoku.PlayChoice;
type Table = mangoku.Table;

export interface Selection {
  /** The card chosen (from the hand, or the card just taken); null when none is. */
  readonly card: CardName | null;
  readonly ikki: boolean;
  /** Targets picked so far, in the order picked. */
  readonly targets: readonly Target[];
}

export const NO_SELECTION: Selection = { card: null, ikki: false, targets: [] };

/** What `seat` must play from now: its hand, or the card it has just taken; null when it plays nothing now. */
export function playSource(view: Table, seat: number): 'hand' | 'taken' | null {
  const step = view.step;
  if (step.kind !== 'play' || step.seat !== seat || seat < 0) return null;
  return step.source;
}

/** Every legal play of `seat` now (none when it is not to play). */
export function plays(view: Table, seat: number): PlayChoice[] {
  return seat < 0 ? [] : mangoku.legalPlays(view, seat);
}

/** The cards `seat` may put down now, each once. */
export function playableCards(view: Table, seat: number): CardName[] {
  const cards: CardName[] = [];
  for (const p of plays(view, seat)) if (!cards.includes(p.card)) cards.push(p.card);
  return cards;
}

/** How `card` may be put down: alone, as an Ikki, or both (a Peasant with a second one at hand). */
export function modesOf(view: Table, seat: number, card: CardName): ('alone' | 'ikki')[] {
  const modes: ('alone' | 'ikki')[] = [];
  for (const p of plays(view, seat)) {
    if (p.card !== card) continue;
    const mode = p.ikki ? 'ikki' : 'alone';
    if (!modes.includes(mode)) modes.push(mode);
  }
  return modes;
}

function samePlayShape(p: PlayChoice, selection: Selection): boolean {
  return p.card === selection.card && Boolean(p.ikki) === selection.ikki;
}

function sameTargets(a: readonly Target[], b: readonly Target[]): boolean {
  return a.length === b.length && a.every((t) => b.includes(t));
}

function covers(a: readonly Target[], b: readonly Target[]): boolean {
  return b.every((t) => a.includes(t));
}

/** The legal plays the selection can still grow into. */
function candidates(view: Table, seat: number, selection: Selection): PlayChoice[] {
  return plays(view, seat).filter((p) => samePlayShape(p, selection) && covers(p.targets ?? [], selection.targets));
}

/**
 * Chooses `card` (or puts it back when it was chosen). A card with a single way to be played
 * needs nothing more; a Peasant with a second one at hand starts alone (the Ikki is one tap away).
 */
export function selectCard(view: Table, seat: number, selection: Selection, card: CardName): Selection {
  if (selection.card === card) return NO_SELECTION;
  const modes = modesOf(view, seat, card);
  if (modes.length === 0) return selection;
  return { card, ikki: !modes.includes('alone'), targets: [] };
}

/** Switches between a Peasant alone and the Ikki. */
export function setIkki(view: Table, seat: number, selection: Selection, ikki: boolean): Selection {
  if (!selection.card || !modesOf(view, seat, selection.card).includes(ikki ? 'ikki' : 'alone')) return selection;
  return { card: selection.card, ikki, targets: [] };
}

/** The targets that may be added to the selection now (those it holds are not listed). */
export function targetChoices(view: Table, seat: number, selection: Selection): Target[] {
  if (!selection.card) return [];
  const choices: Target[] = [];
  for (const p of candidates(view, seat, selection)) {
    for (const t of p.targets ?? []) if (!selection.targets.includes(t) && !choices.includes(t)) choices.push(t);
  }
  return choices;
}

/** Every target the chosen card may be aimed at (picked or not), for marking the table. */
export function aimableTargets(view: Table, seat: number, selection: Selection): Target[] {
  if (!selection.card) return [];
  const all: Target[] = [];
  for (const p of plays(view, seat)) {
    if (!samePlayShape(p, selection)) continue;
    for (const t of p.targets ?? []) if (!all.includes(t)) all.push(t);
  }
  return all;
}

/**
 * A target tapped: picked, or put back when it was. When it cannot join the targets already
 * picked (a card that takes one), it replaces them. A target the card cannot reach changes nothing.
 */
export function toggleTarget(view: Table, seat: number, selection: Selection, target: Target): Selection {
  if (!selection.card) return selection;
  if (selection.targets.includes(target)) return { ...selection, targets: selection.targets.filter((t) => t !== target) };
  if (targetChoices(view, seat, selection).includes(target)) return { ...selection, targets: [...selection.targets, target] };
  const alone = { ...selection, targets: [] as Target[] };
  return targetChoices(view, seat, alone).includes(target) ? { ...selection, targets: [target] } : selection;
}

/** The play the selection makes, when it is a whole legal play (checked by the engine); else null. */
export function completePlay(view: Table, seat: number, selection: Selection): PlayChoice | null {
  if (!selection.card) return null;
  const match = plays(view, seat).find((p) => samePlayShape(p, selection) && sameTargets(p.targets ?? [], selection.targets));
  if (!match) return null;
  const play: PlayChoice = selection.targets.length ? { card: match.card, ...(match.ikki ? { ikki: true } : {}), targets: selection.targets.slice() } : match;
  return mangoku.checkMove(view, { type: 'play', seat, play }) === null ? play : null;
}

/** The selection after a new view: kept while it can still become a legal play, else cleared. */
export function revalidate(view: Table, seat: number, selection: Selection): Selection {
  if (!selection.card) return autoSelect(view, seat);
  return candidates(view, seat, selection).length ? selection : autoSelect(view, seat);
}

/** A card just taken must be played: it is chosen for you. */
function autoSelect(view: Table, seat: number): Selection {
  if (playSource(view, seat) !== 'taken' || view.taken === null) return NO_SELECTION;
  return selectCard(view, seat, NO_SELECTION, view.taken);
}

/** What the player still has to do with the selection, in a few words. */
export function selectionHint(view: Table, seat: number, selection: Selection): string {
  const source = playSource(view, seat);
  if (source === null) return '';
  if (!selection.card) return source === 'taken' ? t('mangoku.select.playTaken') : t('mangoku.select.chooseCard');
  const title = cardTitle(selection.card);
  if (completePlay(view, seat, selection)) {
    const more = targetChoices(view, seat, selection).length > 0;
    return more ? t('mangoku.select.orSecond', { card: title }) : t('mangoku.select.pressPlay', { card: selection.ikki ? t('mangoku.ikki') : title });
  }
  const most = mangoku.maxTargets(view, seat, selection.card);
  if (most === 2) return t('mangoku.select.oneOrTwo', { card: title });
  const choices = targetChoices(view, seat, selection);
  return choices.includes('centre') ? t('mangoku.select.centreOrPlayer', { card: title }) : t('mangoku.select.whom', { card: title });
}

/** The cards the viewer holds as the table lays them out: the hand, then the card just taken. */
export function heldCards(view: Table, seat: number): CardName[] {
  const hand = seat >= 0 ? (view.hands[seat] ?? []) : [];
  const taken = playSource(view, seat) === 'taken' && view.taken !== null ? view.taken : null;
  return taken ? [...hand, taken] : hand.slice();
}

/** Which of the held cards (by index) the selection puts down: one card, or two Peasants. */
export function chosenIndexes(view: Table, seat: number, selection: Selection): number[] {
  if (!selection.card) return [];
  const held = heldCards(view, seat);
  const hand = view.hands[seat] ?? [];
  const fromTaken = playSource(view, seat) === 'taken';
  const first = fromTaken ? held.length - 1 : held.indexOf(selection.card);
  if (first < 0) return [];
  if (!selection.ikki) return [first];
  const second = fromTaken ? hand.indexOf('peasant') : held.indexOf('peasant', first + 1);
  return second >= 0 ? [first, second].sort((a, b) => a - b) : [first];
}

/** Per held card: may it be put down now (as the card played, or the Ikki's second Peasant)? */
export function playableFlags(view: Table, seat: number): boolean[] {
  const held = heldCards(view, seat);
  const source = playSource(view, seat);
  if (source === null) return held.map(() => true);
  const cards = playableCards(view, seat);
  if (source === 'hand') return held.map((c) => cards.includes(c));
  const ikki = view.taken !== null && modesOf(view, seat, view.taken).includes('ikki');
  return held.map((c, i) => i === held.length - 1 || (ikki && c === 'peasant'));
}

/**
 * A held card tapped: it is chosen (or put back). A second Peasant tapped beside a chosen one
 * makes the Ikki, and tapped again plays the first alone.
 */
export function tapHeldCard(view: Table, seat: number, selection: Selection, index: number): Selection {
  const held = heldCards(view, seat);
  const card = held[index];
  const source = playSource(view, seat);
  if (card === undefined || source === null) return selection;
  const chosen = chosenIndexes(view, seat, selection);
  const peasants = selection.card === 'peasant' && card === 'peasant' && modesOf(view, seat, 'peasant').includes('ikki');
  if (source === 'taken') {
    if (index === held.length - 1) return selection.card ? NO_SELECTION : selectCard(view, seat, NO_SELECTION, card);
    return peasants ? setIkki(view, seat, selection, !selection.ikki) : selection;
  }
  if (peasants && !(chosen.length === 1 && chosen[0] === index)) return setIkki(view, seat, selection, !selection.ikki);
  return selectCard(view, seat, selection, card);
}
