/**
 * The prompt: a card's effect is about to apply to some players, who each answer. Everyone asked
 * sees the same prompt, with the same answers in the same places and the same countdown, whatever
 * they hold; which answers are open follows from the engine's answerOptions on their own view.
 */
import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { answerLabel, aCardSubject, capitalised, cardOf, handOf, list, who, Wording, youContext } from './words';

type Answer = mangoku.Answer;

export interface AnswerChoice {
  readonly answer: Answer;
  readonly label: string;
  /** What it does, or why it cannot be chosen now. */
  readonly detail: string;
  readonly enabled: boolean;
  /** The key that chooses it. */
  readonly key: string;
}

export interface PromptModel {
  readonly card: mangoku.CardName;
  readonly by: number;
  readonly attack: boolean;
  readonly btl: number;
  /** Everyone asked, in the order the engine asks them. */
  readonly seats: readonly number[];
  /** What the card is about to do, to the viewer when asked, else to those asked. */
  readonly headline: string;
  readonly youAreAsked: boolean;
  /** Your answer, once given (it stays private until the effect resolves). */
  readonly yourAnswer: Answer | null;
  /** The same list for every asked seat of this kind of prompt; empty for those not asked. */
  readonly choices: readonly AnswerChoice[];
  /** The prompt's time in seconds (a room option). */
  readonly seconds: number;
}

const KEYS: Readonly<Record<Answer, string>> = { monk: 'm', pay: 'p', defend: 'd', accept: 'a' };

const SEVERAL: Readonly<Partial<Record<mangoku.CardName, 'merchant' | 'shrinemaiden'>>> = { merchant: 'merchant', shrinemaiden: 'shrinemaiden' };

/** What the card is about to do: "Ann’s Bandit takes 1 coin from you." */
function headlineOf(w: Wording, view: mangoku.Table, prompt: mangoku.Prompt, viewer: number): string {
  const by = cardOf(w, prompt.by, prompt.card, prompt.card === 'peasant', true);
  const asked = prompt.seats.includes(viewer);
  const target = asked ? viewer : prompt.seats.length === 1 ? prompt.seats[0] : -1;
  if (target >= 0) {
    const vars = {
      by,
      target: who(w, target),
      hand: handOf(w, target),
      half: Math.floor(view.coins[target] / 2),
      btl: prompt.btl,
      seconds: mangoku.REVEAL_SECONDS,
      context: youContext(w, target),
    };
    switch (prompt.card) {
      case 'bandit':
      case 'merchant':
      case 'princess':
      case 'shrinemaiden':
      case 'ninja':
      case 'teamaster':
      case 'nobleman':
        return t(`mangoku.prompt.effect.${prompt.card}`, vars);
      default:
        return t('mangoku.prompt.effect.attack', vars);
    }
  }
  const targets = list(w, prompt.seats);
  if (prompt.attack) return t('mangoku.prompt.several.attack', { by, targets, btl: prompt.btl });
  return t(`mangoku.prompt.several.${SEVERAL[prompt.card] ?? 'shrinemaiden'}`, { by, targets });
}

/** The answers of one kind of prompt, each open or not for `seat` (by answerOptions on its own view). */
function choicesFor(w: Wording, view: mangoku.Table, seat: number, prompt: mangoku.Prompt): AnswerChoice[] {
  const open = mangoku.answerOptions(view, seat, prompt);
  const hand = view.hands[seat] ?? [];
  const kinds: Answer[] = prompt.attack ? ['monk', 'pay', 'defend'] : ['monk', 'accept'];
  return kinds.map((answer) => {
    const enabled = open.includes(answer);
    let detail: string;
    switch (answer) {
      case 'monk':
        detail = enabled ? t('mangoku.prompt.monkYes') : t('mangoku.prompt.monkNo');
        break;
      case 'pay':
        detail = enabled ? t('mangoku.prompt.payYes') : view.hadTurn[seat] ? t('mangoku.prompt.payLate') : t('mangoku.prompt.payNone');
        break;
      case 'defend': {
        const btl = mangoku.handBtl(hand);
        detail = t(btl >= prompt.btl ? 'mangoku.prompt.defendHolds' : 'mangoku.prompt.defendFails', { btl, attack: prompt.btl, by: who(w, prompt.by) });
        break;
      }
      case 'accept':
        detail = t('mangoku.prompt.accept');
        break;
    }
    return { answer, label: answerLabel(answer), detail, enabled, key: KEYS[answer] };
  });
}

/** The prompt as `viewer` (a seat, or -1 watching) sees it; null when no prompt is open. */
export function promptModel(view: mangoku.Table, w: Wording): PromptModel | null {
  const step = view.step;
  if (step.kind !== 'answer') return null;
  const prompt = step.prompt;
  const viewer = w.viewer;
  const index = viewer >= 0 ? prompt.seats.indexOf(viewer) : -1;
  const youAreAsked = index >= 0;
  return {
    card: prompt.card,
    by: prompt.by,
    attack: prompt.attack,
    btl: prompt.btl,
    seats: prompt.seats,
    headline: headlineOf(w, view, prompt, viewer),
    youAreAsked,
    yourAnswer: youAreAsked ? view.answers[index] : null,
    choices: youAreAsked && view.hands[viewer] ? choicesFor(w, view, viewer, prompt) : [],
    seconds: view.options.promptSeconds,
  };
}

/** The card named with its article, for the prompt's title: "the Warlord", "an Ikki". */
export function promptTitle(prompt: Pick<PromptModel, 'card' | 'attack'>): string {
  if (prompt.card === 'peasant') return t('mangoku.prompt.anIkki');
  return capitalised(aCardSubject(prompt.card));
}

/** Whole seconds left before `deadline` (ms, this browser's clock); 0 once passed. */
export function secondsLeft(deadline: number | null, now: number): number {
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
