import { mangoku, Rng, seededRng } from '@samurai/shared';

/**
 * A dealing generator (the server's `dealingRng` option) that deals exactly the Mangoku games a
 * test asks for: it answers the engine's draws with the numbers that make its Fisher–Yates
 * shuffle of the cards in play come out as the deck given (top first), and the first seat as
 * given. Draws beyond the plan (later campaigns, a Tea Master's pick) come from a seeded generator.
 */
export function stackedDeal(players: mangoku.PlayerCount, firstSeat: number, deck: readonly mangoku.CardName[], seed = 1): Rng {
  const plan = [firstSeat, ...shuffleDraws(players, deck)];
  const rest = seededRng(seed);
  return {
    int: (n) => {
      if (plan.length === 0) return rest.int(n);
      const value = plan.shift()!;
      if (value >= n) throw new Error(`stackedDeal: ${value} planned where the engine draws below ${n}`);
      return value;
    },
  };
}

/** The draws that make `shuffle(cardsInPlay(players))` (Fisher–Yates from the end) give `deck`. */
function shuffleDraws(players: mangoku.PlayerCount, deck: readonly mangoku.CardName[]): number[] {
  const items = mangoku.cardsInPlay(players).slice();
  const sorted = (cards: readonly string[]) => cards.slice().sort().join();
  if (sorted(items) !== sorted(deck)) throw new Error(`stackedDeal: the deck is not the ${items.length} cards in play with ${players} players`);
  const draws: number[] = [];
  for (let i = items.length - 1; i > 0; i--) {
    const j = items.lastIndexOf(deck[i], i);
    draws.push(j);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return draws;
}

/**
 * A deck, top first, from the cards named for the top (hands in seat order, then the face-down
 * card, then the supply's first cards), the other cards in play after them in CARD_NAMES order.
 */
export function deckOf(players: mangoku.PlayerCount, top: readonly mangoku.CardName[]): mangoku.CardName[] {
  const rest = mangoku.cardsInPlay(players).slice();
  for (const card of top) {
    const i = rest.indexOf(card);
    if (i < 0) throw new Error(`deckOf: one ${card} too many for ${players} players`);
    rest.splice(i, 1);
  }
  return [...top, ...rest];
}
