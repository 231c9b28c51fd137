/**
 * A hint's reason in one English sentence (kept in this one file so it can move into the
 * language files). Pure: the engine decides the move and why; this only words it.
 */
import { mangoku } from '@samurai/shared';
import { cardTitle, list, who, whose, Wording } from '../model/words';

function coins(n: number): string {
  return `${n} coin${n === 1 ? '' : 's'}`;
}

function on(w: Wording, targets: readonly mangoku.Target[]): string {
  const seats = targets.filter((t): t is number => t !== 'centre');
  if (targets.includes('centre')) return ' on the centre pile';
  return seats.length ? ` on ${list(w, seats)}` : '';
}

/** What a card of the 'effect' kind brings, as the rest of the sentence. */
function effectGain(w: Wording, card: mangoku.CardName, target: number | undefined): string {
  const them = target === undefined ? 'another player' : who(w, target);
  switch (card) {
    case 'ninja':
      return `${them} must throw away the hand and draw 2 cards, which is worth more now than keeping the Ninja`;
    case 'teamaster':
      return `you take a card at random from ${them} and play it at once, which is worth more now than keeping the Tea Master`;
    case 'nobleman':
      return `you see ${target === undefined ? 'a' : whose(w, target)} hand and take the card you want, which is worth more now than keeping the Nobleman`;
    case 'kabuki':
      return 'you take the best face-up card from the discard pile and play it at once';
    default:
      return `its effect is worth more now than keeping it`;
  }
}

/** Why a hand too weak still defends: nothing else is open, or what is costs more than the risk. */
function weakDefence(options: readonly mangoku.Answer[]): string {
  const monk = options.includes('monk');
  const pay = options.includes('pay');
  if (!monk && !pay) return 'you hold no Monk and cannot pay a coin';
  if (pay && !monk) return 'a coin is worth more to you than your place in this campaign';
  return 'your Monk is worth more to you kept than your place in this campaign';
}

export function hintSentence(reason: mangoku.HintReason, w: Wording): string {
  switch (reason.kind) {
    case 'attack': {
      const what = reason.ikki ? 'the Ikki (both Peasants)' : `the ${cardTitle(reason.card)}`;
      const loser = reason.targets.length === 1 ? who(w, reason.targets[0]) : 'the weaker of them';
      return `Play ${what}${on(w, reason.targets)}: ${loser} fails to hold off its ${reason.btl} BTL about ${reason.odds}% of the time and leaves the campaign.`;
    }
    case 'coins': {
      const target = reason.target;
      if (target === 'centre') return `Play the ${cardTitle(reason.card)} on the centre pile: half of its ${coins(reason.has)}, ${coins(reason.gain)}, become yours.`;
      const richest = reason.most ? `, who has the most coins (${reason.has})` : ` (${coins(reason.has)})`;
      return `Play the ${cardTitle(reason.card)} on ${who(w, target)}${richest}: ${coins(reason.gain)} ${reason.gain === 1 ? 'becomes' : 'become'} yours.`;
    }
    case 'centre':
      return `Play the ${cardTitle(reason.card)}: ${reason.coins === 1 ? 'another player puts a coin' : `${reason.coins} other players each put a coin`} into the centre pile, which you may win.`;
    case 'honour':
      return `Play the ${cardTitle(reason.card)}: the campaign ends now on honour, and your HNR ${reason.hnr} is the highest about ${reason.odds}% of the time.`;
    case 'effect': {
      const target = reason.targets.find((t): t is number => t !== 'centre');
      return `Play the ${cardTitle(reason.card)}${on(w, reason.targets)}: ${effectGain(w, reason.card, target)}.`;
    }
    case 'keep':
      return `Play the ${cardTitle(reason.card)}: the cards you keep (BTL ${reason.btl}, HNR ${reason.hnr}) are worth more for defence and honour.`;
    case 'take':
      return `Take the ${cardTitle(reason.card)}: its best play is worth the most to you.`;
    case 'answer': {
      const by = `${whose(w, reason.by)} ${reason.card === 'peasant' && reason.attack ? 'Ikki' : cardTitle(reason.card)}`;
      if (reason.attack) {
        switch (reason.answer) {
          case 'defend':
            return reason.btl >= reason.against
              ? `Defend: your hand’s BTL ${reason.btl} holds off ${by} (${reason.against}).`
              : `Defend with your hand: its BTL ${reason.btl} is less than ${reason.against}, but ${weakDefence(reason.options)}.`;
          case 'monk':
            return `Play your Monk: your hand’s BTL ${reason.btl} cannot hold off ${by} (${reason.against}).`;
          case 'pay':
            return `Pay a coin: your hand’s BTL ${reason.btl} cannot hold off ${by} (${reason.against}), and staying in the campaign is worth more.`;
          default:
            return `Accept ${by}.`;
        }
      }
      if (reason.answer === 'monk') return `Play your Monk: ${by} would cost you more than the Monk is worth.`;
      return reason.options.includes('monk') ? `Accept ${by}: stopping it is not worth your Monk.` : `Accept ${by}: you hold no Monk to stop it.`;
    }
  }
}
