/**
 * Lists of cards on the wire: one letter per card ('a' for CARD_NAMES[0], 'b' for the next...),
 * in the list's own order. A hand is 2–3 letters, the discard pile at most 30.
 */
import { CARD_INDEX, CARD_NAMES, CardName } from '../cards';

const A = 'a'.charCodeAt(0);

export function packCards(cards: readonly CardName[]): string {
  let text = '';
  for (const card of cards) text += String.fromCharCode(A + CARD_INDEX[card]);
  return text;
}

export function unpackCards(text: string): CardName[] {
  const cards: CardName[] = [];
  for (let i = 0; i < text.length; i++) {
    const card = CARD_NAMES[text.charCodeAt(i) - A];
    if (card === undefined) throw new Error(`unpackCards: "${text}" is not a packed list of cards`);
    cards.push(card);
  }
  return cards;
}
