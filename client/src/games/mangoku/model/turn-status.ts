/**
 * The banner: what the game waits for now and whether it waits for you. Pure.
 */
import { mangoku } from '@samurai/shared';
import { promptModel } from './prompt';
import { list, who, whose, Wording } from './words';

export interface TurnStatus {
  readonly headline: string;
  readonly detail: string;
  /** The game waits for you (a play, a card to take, or your answer). */
  readonly yourTurn: boolean;
  /** The seat whose colour the banner wears, or -1. */
  readonly seat: number;
}

/** Who is at each seat now, as far as the banner cares: a person away is not playing. */
export interface SeatPresence {
  readonly kind: string;
  readonly connected: boolean;
  /** For a person: the level of the bot playing for them while they are away; else ''. */
  readonly bot: string;
}

/** Another seat's turn, in words: "Ben’s turn", but not as if Ben were there when he is away. */
function othersTurn(w: Wording, seat: number, presence: readonly SeatPresence[], doing: string): { headline: string; away: string } {
  const p = presence[seat];
  if (p?.kind === 'human' && p.bot) return { headline: `A bot ${doing} for ${who(w, seat)}`, away: '' };
  if (p?.kind === 'human' && !p.connected) return { headline: `${whose(w, seat, true)} turn, but ${who(w, seat)} ${w.viewer === seat ? 'are' : 'is'} away`, away: `The game waits for ${who(w, seat)} to come back.` };
  return { headline: '', away: '' };
}

export function turnStatus(view: mangoku.GameView | null, w: Wording, presence: readonly SeatPresence[] = []): TurnStatus {
  const none: TurnStatus = { headline: '', detail: '', yourTurn: false, seat: -1 };
  if (!view) return none;
  const you = w.viewer;
  const step = view.step;
  switch (step.kind) {
    case 'over': {
      const winner = view.result?.winners[0] ?? -1;
      return { headline: winner === you ? 'You won the game!' : winner >= 0 ? `${who(w, winner, true)} won the game` : 'The game is over', detail: '', yourTurn: false, seat: winner };
    }
    case 'play': {
      const taken = step.source === 'taken';
      if (step.seat === you) return { headline: taken ? 'Play the card you took' : 'Your turn: play a card', detail: view.lastTurn ? 'The supply is empty: the campaign ends after this turn.' : '', yourTurn: true, seat: you };
      const absent = othersTurn(w, step.seat, presence, 'plays');
      const detail = [taken ? `${who(w, step.seat, true)} plays the card just taken.` : '', absent.away].filter(Boolean).join(' ');
      return { headline: absent.headline || `${whose(w, step.seat, true)} turn`, detail, yourTurn: false, seat: step.seat };
    }
    case 'answer': {
      const { prompt } = step;
      const asked = prompt.seats.indexOf(you);
      if (asked >= 0 && view.answers[asked] === null) return { headline: 'Answer now', detail: `${whose(w, prompt.by, true)} ${prompt.card === 'peasant' ? 'Ikki' : mangoku.CARDS[prompt.card].title} reaches you.`, yourTurn: true, seat: you };
      const waiting = asked >= 0 ? prompt.seats.filter((s) => s !== you) : prompt.seats;
      const what = promptModel(view, w)?.headline ?? '';
      return { headline: waiting.length ? `Waiting for ${list(w, waiting)}` : 'Waiting for the answers', detail: asked >= 0 ? `You have answered. ${what}` : what, yourTurn: false, seat: prompt.by };
    }
    case 'take':
      if (step.seat === you) return { headline: 'Choose a card to take', detail: step.from === 'discard' ? 'Any face-up card of the discard pile but the Kabuki.' : `From ${whose(w, step.from)} hand, shown to you only.`, yourTurn: true, seat: you };
      {
        const absent = othersTurn(w, step.seat, presence, 'chooses a card');
        const from = step.from === 'discard' ? 'From the discard pile.' : `From ${whose(w, step.from)} hand.`;
        return { headline: absent.headline || `${who(w, step.seat, true)} chooses a card to take`, detail: [from, absent.away].filter(Boolean).join(' '), yourTurn: false, seat: step.seat };
      }
    case 'deal':
      return { ...none, headline: 'Dealing a new campaign…' };
    case 'pick':
      return { ...none, headline: 'The Tea Master draws a card…', seat: step.seat };
    case 'drawOff':
      return { ...none, headline: 'Draw-off…' };
  }
}
