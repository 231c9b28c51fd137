/**
 * The banner: what the game waits for now and whether it waits for you, in the interface's language.
 */
import { mangoku } from '@samurai/shared';
import { promptModel } from './prompt';
import { t } from '../../../i18n/i18n';
import { cardOf, handOf, list, nameOf, turnOf, who, Wording, youContext } from './words';

export interface TurnStatus {
  readonly headline: string;
  readonly detail: string;
  /** The game waits for you (a play, a card to take, or your answer). */
  readonly yourTurn: boolean;
  /** The seat whose colour the banner wears, or -1. */
  readonly seat: number;
  /**
   * The seat whose turn it is (playing or taking; a prompt's answers happen in its turn), or -1:
   * the seat list marks it "turn", and not a seat that only owes an answer.
   */
  readonly turn: number;
  /** The seat whose clock the banner shows, or -1: none while a prompt keeps its own time, nor at the end. */
  readonly clockSeat: number;
}

/** Who is at each seat now, as far as the banner cares: a person away is not playing. */
export interface SeatPresence {
  readonly kind: string;
  readonly connected: boolean;
  /** For a person: the level of the bot playing for them while they are away; else ''. */
  readonly bot: string;
}

/** Another seat's turn, in words: "Ben’s turn", but not as if Ben were there when he is away. */
function othersTurn(w: Wording, seat: number, presence: readonly SeatPresence[], doing: 'plays' | 'chooses'): { headline: string; away: string } {
  const p = presence[seat];
  if (p?.kind === 'human' && p.bot) return { headline: t(`mangoku.status.bot.${doing}`, { name: who(w, seat) }), away: '' };
  if (p?.kind === 'human' && !p.connected) {
    return {
      headline: t('mangoku.status.away', { name: nameOf(w, seat), context: youContext(w, seat) }),
      away: t('mangoku.status.awayDetail', { name: who(w, seat) }),
    };
  }
  return { headline: '', away: '' };
}

export function turnStatus(view: mangoku.GameView | null, w: Wording, presence: readonly SeatPresence[] = []): TurnStatus {
  const none: TurnStatus = { headline: '', detail: '', yourTurn: false, seat: -1, turn: -1, clockSeat: -1 };
  if (!view) return none;
  const you = w.viewer;
  const step = view.step;
  switch (step.kind) {
    case 'over': {
      const winner = view.result?.winners[0] ?? -1;
      return {
        headline: winner >= 0 ? t('mangoku.status.won', { name: nameOf(w, winner), context: youContext(w, winner) }) : t('mangoku.status.over'),
        detail: '',
        yourTurn: false,
        seat: winner,
        turn: -1,
        clockSeat: -1,
      };
    }
    case 'play': {
      const taken = step.source === 'taken';
      const turn = { turn: step.seat, clockSeat: step.seat };
      if (step.seat === you)
        return {
          headline: taken ? t('mangoku.status.playTaken') : t('mangoku.status.yourTurn'),
          detail: view.lastTurn ? t('mangoku.status.lastTurn') : '',
          yourTurn: true,
          seat: you,
          ...turn,
        };
      const absent = othersTurn(w, step.seat, presence, 'plays');
      const detail = [taken ? t('mangoku.status.playsTaken', { name: nameOf(w, step.seat) }) : '', absent.away].filter(Boolean).join(' ');
      return { headline: absent.headline || turnOf(w, step.seat), detail, yourTurn: false, seat: step.seat, ...turn };
    }
    case 'answer': {
      const { prompt } = step;
      const asked = prompt.seats.indexOf(you);
      // Every clock waits while a prompt is open: the banner shows the prompt's own seconds.
      const turn = { turn: view.turn?.seat ?? -1, clockSeat: -1 };
      if (asked >= 0 && view.answers[asked] === null)
        return {
          headline: t('mangoku.status.answerNow'),
          detail: t('mangoku.status.reachesYou', { card: cardOf(w, prompt.by, prompt.card, prompt.card === 'peasant', true) }),
          yourTurn: true,
          seat: you,
          ...turn,
        };
      const waiting = asked >= 0 ? prompt.seats.filter((s) => s !== you) : prompt.seats;
      const what = promptModel(view, w)?.headline ?? '';
      return {
        headline: waiting.length ? t('mangoku.status.waitingFor', { names: list(w, waiting) }) : t('mangoku.status.waitingAnswers'),
        detail: asked >= 0 ? t('mangoku.status.answered', { what }) : what,
        yourTurn: false,
        seat: prompt.by,
        ...turn,
      };
    }
    case 'take': {
      const turn = { turn: step.seat, clockSeat: step.seat };
      if (step.seat === you)
        return {
          headline: t('mangoku.status.chooseTake'),
          detail: step.from === 'discard' ? t('mangoku.status.anyFaceUp') : t('mangoku.status.fromHandShown', { hand: handOf(w, step.from) }),
          yourTurn: true,
          seat: you,
          ...turn,
        };
      const absent = othersTurn(w, step.seat, presence, 'chooses');
      const from = step.from === 'discard' ? t('mangoku.status.fromDiscard') : t('mangoku.status.fromHand', { hand: handOf(w, step.from) });
      return {
        headline: absent.headline || t('mangoku.status.choosesTake', { name: nameOf(w, step.seat) }),
        detail: [from, absent.away].filter(Boolean).join(' '),
        yourTurn: false,
        seat: step.seat,
        ...turn,
      };
    }
    case 'deal':
      return { ...none, headline: t('mangoku.status.dealing') };
    case 'pick':
      return { ...none, headline: t('mangoku.status.teaMasterDraws'), seat: step.seat };
    case 'drawOff':
      return { ...none, headline: t('mangoku.status.drawOff') };
  }
}
