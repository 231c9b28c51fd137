/**
 * Mangoku's guided first game: one campaign of a 2-player game, you (seat 0, first to play)
 * against Ben. The deal is a deck in a chosen order, handed to the engine as chance is in any game
 * (no special rule): a Bandit, a Princess and a Merchant take Ben's coins one by one, your Monk
 * cancels his Captain's attack, and your Warlord's 5-point attack beats his hand in battle, which
 * ends the campaign with Ben penniless: the game is over and the ranking shows. Pure.
 */
import { mangoku } from '@samurai/shared';
import type en from '../locales/en.json';
import type { Lesson, LessonStep } from '../../../tutorial/lesson';

type CardName = mangoku.CardName;
type Move = mangoku.Move;

/** What the coach can point at: a card in your hand, a seat at the table, a pile, one of the screen's controls. */
export type MangokuTarget =
  | { readonly kind: 'card'; readonly card: CardName }
  | { readonly kind: 'seat'; readonly seat: number }
  | { readonly kind: 'place'; readonly place: 'centre' | 'discard' }
  | { readonly kind: 'control'; readonly testid: MangokuControl; readonly answer?: mangoku.Answer };

/** The screen's controls a step may point at (by their data-testid): Play, a prompt's answer, the ranking. */
export const MANGOKU_CONTROLS = ['play', 'answer', 'ranking'] as const;
export type MangokuControl = (typeof MANGOKU_CONTROLS)[number];

export type MangokuLessonKey = keyof typeof en.tutorial;

export const YOU = 0;
export const BEN = 1;

/**
 * The campaign's deck, top first: two cards each (you, then Ben), the face-down card under the
 * discard pile, then the supply in the order it is drawn (you draw first; your Monk's refill is
 * the card after Ben's first draw).
 */
export const MANGOKU_LESSON_DECK: readonly CardName[] = [
  'bandit',
  'monk', // your hand
  'captain',
  'shrinemaiden', // Ben's
  'teamaster', // under the discard pile, never seen
  'princess', // your first draw
  'peasant', // Ben's first draw
  'merchant', // your refill after the Monk
  'warlord', // your second draw
  'peasant', // Ben's second
  'kabuki', // your third
  'captain', // Ben's third
  'nobleman', // your fourth
  'emperor',
  'peasant',
  'captain',
  'monk',
  'ninja',
];

/** A new 2-player game, you to play first, dealt the lesson's deck. */
export function lessonGame(): mangoku.GameState {
  const game = mangoku.newGame({ players: 2 }, YOU);
  const dealt = mangoku.applyChanceInPlace(game, { type: 'deal', deck: MANGOKU_LESSON_DECK });
  if (dealt) throw new Error(`lesson: the deck was refused: ${dealt.error} ${dealt.detail}`);
  return game;
}

const play = (card: CardName, targets: readonly mangoku.Target[] | null, seat = YOU): Move => ({
  type: 'play',
  seat,
  play: targets ? { card, targets } : { card },
});
const answer = (answer: mangoku.Answer, seat = YOU): Move => ({ type: 'answer', seat, answer });
const PLAY: MangokuTarget = { kind: 'control', testid: 'play' };

type Step = LessonStep<Move, MangokuTarget, MangokuLessonKey, mangoku.GameState>;

const STEPS: readonly Step[] = [
  { say: 'welcome', point: [], wait: 'next' },
  { say: 'coins', point: [{ kind: 'place', place: 'centre' }], wait: 'next' },
  { say: 'hand', point: [{ kind: 'card', card: 'monk' }], wait: 'next' },
  {
    say: 'playBandit',
    point: [{ kind: 'card', card: 'bandit' }, { kind: 'seat', seat: BEN }, PLAY],
    wait: play('bandit', [BEN]),
    instead: 'playBanditInstead',
    // Ben lets it happen, then attacks you with his Captain.
    then: [answer('accept', BEN), play('captain', [YOU], BEN)],
  },
  { say: 'monk', point: [{ kind: 'control', testid: 'answer', answer: 'monk' }], wait: answer('monk'), instead: 'monkInstead' },
  {
    say: 'playPrincess',
    point: [{ kind: 'card', card: 'princess' }, { kind: 'seat', seat: BEN }, PLAY],
    wait: play('princess', [BEN]),
    instead: 'playPrincessInstead',
    then: [answer('accept', BEN), play('peasant', null, BEN)],
  },
  { say: 'peasant', point: [{ kind: 'place', place: 'discard' }], wait: 'next' },
  {
    say: 'playMerchant',
    point: [{ kind: 'card', card: 'merchant' }, PLAY],
    wait: play('merchant', null),
    instead: 'playMerchantInstead',
    then: [answer('accept', BEN), play('peasant', null, BEN)],
  },
  {
    say: 'playWarlord',
    point: [{ kind: 'card', card: 'warlord' }, { kind: 'seat', seat: BEN }, PLAY],
    wait: play('warlord', [BEN]),
    instead: 'playWarlordInstead',
    // Ben defends with his hand: a Shrine Maiden and a Captain, 3 points against 5.
    then: [answer('defend', BEN)],
  },
  { say: 'campaignEnd', point: [{ kind: 'place', place: 'centre' }], wait: 'next' },
  { say: 'ranking', point: [{ kind: 'control', testid: 'ranking' }], wait: 'next' },
];

export const MANGOKU_LESSON: Lesson<mangoku.GameState, Move, MangokuTarget, MangokuLessonKey> = {
  initial: lessonGame,
  steps: STEPS,
  you: YOU,
};

/** Whether a step's target is there to point at in `state` (a control: whether the screen shows it then). */
export function mangokuTargetExists(state: mangoku.GameState, target: MangokuTarget): boolean {
  switch (target.kind) {
    case 'card':
      return state.hands[YOU].includes(target.card);
    case 'seat':
      return target.seat >= 0 && target.seat < state.players && target.seat !== YOU;
    case 'place':
      return true;
    case 'control':
      if (target.testid === 'ranking') return state.step.kind === 'over';
      if (target.testid === 'answer')
        return (
          state.step.kind === 'answer' && state.step.prompt.seats.includes(YOU) && mangoku.answerOptions(state, YOU, state.step.prompt).includes(target.answer!)
        );
      return state.step.kind === 'play' && state.step.seat === YOU;
  }
}
