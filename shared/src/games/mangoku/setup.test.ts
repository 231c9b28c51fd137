import { seededRng } from '../../random';
import { applyChance, rollChance } from './chance';
import { CardName, cardsInPlay } from './cards';
import { MoveError } from './errors';
import { formatPosition } from './notation';
import { createGame, dealCampaign, newGame, shuffledDeck } from './setup';

/** A 3-player deck, top first: hands 0 (captain monk), 1 (peasant warlord), 2 (emperor bandit). */
const DECK3: CardName[] = [
  'captain',
  'monk',
  'peasant',
  'warlord',
  'emperor',
  'bandit',
  'ninja', // face down under the discard pile
  'kabuki',
  'peasant',
  'peasant',
  'merchant',
  'princess',
  'captain',
  'captain',
  'monk',
  'shrinemaiden',
  'teamaster',
  'nobleman',
];

describe('a new game', () => {
  it('waits for its first deal, with 5 coins each (4 with 2 players)', () => {
    const game = newGame({ players: 3 }, 1);
    expect(game.step).toEqual({ kind: 'deal' });
    expect(game.coins).toEqual([5, 5, 5]);
    expect(newGame({ players: 2 }, 0).coins).toEqual([4, 4]);
    expect(game.first).toBe(1);
    expect(game.options).toEqual({ promptSeconds: 20 });
  });

  it('refuses impossible configurations', () => {
    expect(() => newGame({ players: 7 as 6 }, 0)).toThrow(/players/);
    expect(() => newGame({ players: 3 }, 3)).toThrow(/seat/);
    expect(() => newGame({ players: 3, options: { promptSeconds: 0 } }, 0)).toThrow(/promptSeconds/);
  });

  it('draws the first player at random, every seat about equally often', () => {
    const firsts = [0, 0, 0, 0];
    for (let seed = 0; seed < 400; seed++) firsts[createGame({ players: 4 }, seededRng(seed)).firstSeat]++;
    for (const n of firsts) expect(n).toBeGreaterThan(60);
  });
});

describe('a campaign’s deal', () => {
  it('gives seat s deck[2s] and deck[2s+1], puts deck[2n] face down, and makes the rest the supply', () => {
    const game = newGame({ players: 3 }, 0);
    dealCampaign(game, DECK3);
    // Seat 0 plays first and has drawn the supply's top card (kabuki).
    expect(formatPosition(game)).toBe(
      '3p; turn 0; first 0; coins 4 4 4; centre 2; out 1; hand0 captain monk kabuki; hand1 peasant warlord; hand2 emperor bandit; ' +
        'supply peasant peasant merchant princess captain captain monk shrinemaiden teamaster nobleman; bottom ninja; played 0',
    );
    expect(game.discard).toEqual([]);
    expect(game.campaigns).toEqual([{ first: 0, deck: DECK3, turns: [], events: [], drawOff: [], drawOffDecks: [], end: null }]);
  });

  it('takes 1 coin from each player into the centre pile, then 1 coin out of the game', () => {
    const game = newGame({ players: 3 }, 2);
    dealCampaign(game, DECK3);
    expect(game.coins).toEqual([4, 4, 4]);
    expect(game.centre).toBe(2);
    expect(game.coinsOut).toBe(1);
    expect(game.active).toBe(2);
  });

  it('is refused unless the deck is exactly the cards in play', () => {
    const game = newGame({ players: 3 }, 0);
    const wrong = [DECK3.slice(1), [...DECK3.slice(1), 'warlord'], [...DECK3, 'monk'], [...DECK3.slice(1), 'dragon']];
    for (const deck of wrong) {
      const r = applyChance(game, { type: 'deal', deck: deck as CardName[] });
      expect(r.ok ? null : r.error).toBe(MoveError.ChanceBadDeck);
    }
    expect(applyChance(game, { type: 'deal', deck: DECK3 }).ok).toBe(true);
  });

  it('shuffles all the cards in play, seeded', () => {
    expect(shuffledDeck(4, seededRng(3)).slice().sort()).toEqual(cardsInPlay(4).slice().sort());
    expect(shuffledDeck(4, seededRng(3))).toEqual(shuffledDeck(4, seededRng(3)));
    expect(shuffledDeck(4, seededRng(3))).not.toEqual(shuffledDeck(4, seededRng(4)));
    const game = newGame({ players: 6 }, 0);
    const deal = rollChance(game, seededRng(1));
    expect(deal?.type).toBe('deal');
  });
});
