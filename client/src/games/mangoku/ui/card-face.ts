/**
 * A card drawn in the DOM, as the table draws it (the same glyphs and role colours): for the
 * discard pile's list, the Nobleman's look, a reveal, the draw-off and the rules.
 */
import { mangoku } from '@samurai/shared';
import { h } from '../../../ui/dom';
import { cardTitle, effectText } from '../model/words';
import { glyphSvg, roleOf } from './glyphs';

export function cardFace(card: mangoku.CardName, options: { effect?: boolean; ikki?: boolean } = {}): HTMLElement {
  const info = mangoku.CARDS[card];
  return h(
    'span',
    {
      class: `mk-card mk-role-${roleOf(card)}${options.effect ? ' with-effect' : ''}`,
      dataset: { card },
      role: 'img',
      'aria-label': `${cardTitle(card)}: BTL ${info.btl}, HNR ${info.hnr}. ${effectText(card, options.ikki)}`,
    },
    h('span', { class: 'mk-card-band', text: cardTitle(card) }),
    h('span', { class: 'mk-card-stats' }, h('span', { class: 'mk-btl', text: `BTL ${info.btl}` }), h('span', { class: 'mk-hnr', text: `HNR ${info.hnr}` })),
    h('span', { class: 'mk-card-glyph', html: glyphSvg(card, 'currentColor') }),
    options.effect ? h('span', { class: 'mk-card-effect', text: effectText(card, options.ikki) }) : null,
  );
}

/** Cards in a row (a hand shown, a draw-off). */
export function cardRow(cards: readonly mangoku.CardName[], options: { effect?: boolean } = {}): HTMLElement {
  return h(
    'span',
    { class: 'mk-card-row' },
    cards.map((c) => cardFace(c, options)),
  );
}
