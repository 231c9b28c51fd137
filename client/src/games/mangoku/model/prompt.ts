/**
 * The prompt: a card's effect is about to apply to some players, who each answer. Everyone asked
 * sees the same prompt, with the same answers in the same places and the same countdown, whatever
 * they hold; which answers are open follows from the engine's answerOptions on their own view.
 */
import { mangoku } from '@samurai/shared';
import { aCard, list, who, whose, Wording } from './words';

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

/** What the effect does to a player: "takes 1 coin from you". */
function effectOn(w: Wording, card: mangoku.CardName, target: number, btl: number, coins: number): string {
  const on = who(w, target);
  switch (card) {
    case 'bandit':
      return `takes 1 coin from ${on}`;
    case 'merchant':
      return `makes ${on} put 1 coin into the centre pile`;
    case 'princess':
      return `takes half of ${whose(w, target)} coins (${Math.floor(coins / 2)})`;
    case 'shrinemaiden':
      return `shows ${whose(w, target)} hand to everyone for ${mangoku.REVEAL_SECONDS} seconds`;
    case 'ninja':
      return `makes ${on} discard ${target === w.viewer ? 'your' : 'their'} hand and draw 2`;
    case 'teamaster':
      return `takes a card at random from ${whose(w, target)} hand and plays it`;
    case 'nobleman':
      return `looks at ${whose(w, target)} hand, takes a card and plays it`;
    default:
      return `attacks ${on}: ${btl} BTL`;
  }
}

function headlineOf(w: Wording, view: mangoku.Table, prompt: mangoku.Prompt, viewer: number): string {
  const card = prompt.card === 'peasant' ? 'Ikki' : mangoku.CARDS[prompt.card].title;
  const by = `${whose(w, prompt.by, true)} ${card}`;
  const asked = prompt.seats.includes(viewer);
  if (asked) return `${by} ${effectOn(w, prompt.card, viewer, prompt.btl, view.coins[viewer])}.`;
  if (prompt.seats.length === 1) return `${by} ${effectOn(w, prompt.card, prompt.seats[0], prompt.btl, view.coins[prompt.seats[0]])}.`;
  return prompt.attack ? `${by} attacks ${list(w, prompt.seats)}: ${prompt.btl} BTL each.` : `${by}: ${list(w, prompt.seats)} ${prompt.card === 'merchant' ? 'each put 1 coin into the centre pile' : 'show their hands to everyone'}.`;
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
        detail = enabled ? 'Cancel it on you (the Monk goes to the discard pile).' : 'You hold no Monk.';
        break;
      case 'pay':
        detail = enabled
          ? 'Put 1 coin into the centre pile to block the attack.'
          : view.hadTurn[seat]
            ? 'Only before your first turn of this campaign.'
            : 'You have no coin.';
        break;
      case 'defend': {
        const btl = mangoku.handBtl(hand);
        detail =
          btl >= prompt.btl
            ? `Your hand: ${btl} BTL against ${prompt.btl}. Blocked; your hand is shown to ${who(w, prompt.by)} only.`
            : `Your hand: ${btl} BTL against ${prompt.btl}. You would be eliminated.`;
        break;
      }
      case 'accept':
        detail = 'Let it apply.';
        break;
    }
    return { answer, label: labelOf(answer), detail, enabled, key: KEYS[answer] };
  });
}

function labelOf(answer: Answer): string {
  switch (answer) {
    case 'monk':
      return 'Play a Monk';
    case 'pay':
      return 'Pay 1 coin';
    case 'defend':
      return 'Defend with my hand';
    case 'accept':
      return 'Accept';
  }
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
  if (prompt.card === 'peasant') return 'An Ikki';
  const text = aCard(prompt.card);
  return text[0].toUpperCase() + text.slice(1);
}

/** Whole seconds left before `deadline` (ms, this browser's clock); 0 once passed. */
export function secondsLeft(deadline: number | null, now: number): number {
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
