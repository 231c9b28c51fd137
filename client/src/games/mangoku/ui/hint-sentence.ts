/**
 * A hint's reason in one sentence of the interface's language. The engine decides the move and
 * why; this only words it.
 */
import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { cardOf, cardTitle, coinsWord, handOf, list, who, Wording } from '../model/words';

function on(w: Wording, targets: readonly mangoku.Target[]): string {
  const seats = targets.filter((target): target is number => target !== 'centre');
  if (targets.includes('centre')) return t('mangoku.hint.onCentre');
  return seats.length ? t('mangoku.hint.on', { names: list(w, seats) }) : '';
}

/** What a card of the 'effect' kind brings, as the rest of the sentence. */
function effectGain(w: Wording, card: mangoku.CardName, target: number | undefined): string {
  const them = target === undefined ? t('mangoku.hint.anotherPlayer') : who(w, target);
  switch (card) {
    case 'ninja':
      return t('mangoku.hint.gain.ninja', { them });
    case 'teamaster':
      return t('mangoku.hint.gain.teamaster', { them });
    case 'nobleman':
      return t('mangoku.hint.gain.nobleman', { hand: target === undefined ? t('mangoku.took.aHand') : handOf(w, target) });
    case 'kabuki':
      return t('mangoku.hint.gain.kabuki');
    default:
      return t('mangoku.hint.gain.other');
  }
}

/** Why a hand too weak still defends: nothing else is open, or what is costs more than the risk. */
function weakDefence(options: readonly mangoku.Answer[]): string {
  const monk = options.includes('monk');
  const pay = options.includes('pay');
  if (!monk && !pay) return t('mangoku.hint.weak.nothing');
  if (pay && !monk) return t('mangoku.hint.weak.coin');
  return t('mangoku.hint.weak.monk');
}

export function hintSentence(reason: mangoku.HintReason, w: Wording): string {
  switch (reason.kind) {
    case 'attack': {
      const what = reason.ikki ? t('mangoku.hint.theIkki') : t('mangoku.hint.the', { card: cardTitle(reason.card) });
      const loser = reason.targets.length === 1 ? who(w, reason.targets[0]) : t('mangoku.hint.weaker');
      return t('mangoku.hint.attack', { what, on: on(w, reason.targets), loser, btl: reason.btl, odds: reason.odds });
    }
    case 'coins': {
      const target = reason.target;
      const card = cardTitle(reason.card);
      if (target === 'centre') return t('mangoku.hint.coinsCentre', { card, has: coinsWord(reason.has), gain: coinsWord(reason.gain) });
      const has = reason.most ? t('mangoku.hint.richest', { has: reason.has }) : t('mangoku.hint.has', { has: coinsWord(reason.has) });
      return t('mangoku.hint.coins', { card, name: who(w, target), has, gain: coinsWord(reason.gain), count: reason.gain });
    }
    case 'centre':
      return t('mangoku.hint.centre', { card: cardTitle(reason.card), count: reason.coins });
    case 'honour':
      return t('mangoku.hint.honour', { card: cardTitle(reason.card), hnr: reason.hnr, odds: reason.odds });
    case 'effect': {
      const target = reason.targets.find((x): x is number => x !== 'centre');
      return t('mangoku.hint.effect', { card: cardTitle(reason.card), on: on(w, reason.targets), gain: effectGain(w, reason.card, target) });
    }
    case 'keep':
      return t('mangoku.hint.keep', { card: cardTitle(reason.card), btl: reason.btl, hnr: reason.hnr });
    case 'take':
      return t('mangoku.hint.take', { card: cardTitle(reason.card) });
    case 'answer': {
      const by = cardOf(w, reason.by, reason.card, reason.card === 'peasant' && reason.attack);
      if (reason.attack) {
        switch (reason.answer) {
          case 'defend':
            return reason.btl >= reason.against
              ? t('mangoku.hint.defendHolds', { btl: reason.btl, by, against: reason.against })
              : t('mangoku.hint.defendWeak', { btl: reason.btl, against: reason.against, why: weakDefence(reason.options) });
          case 'monk':
            return t('mangoku.hint.monkAttack', { btl: reason.btl, by, against: reason.against });
          case 'pay':
            return t('mangoku.hint.pay', { btl: reason.btl, by, against: reason.against });
          default:
            return t('mangoku.hint.accept', { by });
        }
      }
      if (reason.answer === 'monk') return t('mangoku.hint.monkEffect', { by });
      return reason.options.includes('monk') ? t('mangoku.hint.acceptKeepMonk', { by }) : t('mangoku.hint.acceptNoMonk', { by });
    }
  }
}
