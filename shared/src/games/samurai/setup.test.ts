import { applyMoveInPlace } from './apply';
import { boardFor, EDO, HEXES, hexIndex, PLAYER_COUNTS, PlayerCount, SETTLEMENTS } from './board';
import { MoveError } from './errors';
import { legalPlacements } from './legal';
import { viewFor } from './projection';
import { seededRng, shuffle } from '../../random';
import { countBits } from './setup';
import { createGame, createGameWithPools, GameState, Placement } from './state';
import { after, refusal } from './test-helpers';
import { TILE_ID, TILE_NAMES, TILE_SET, TileName } from './tiles';

const names = (ids: readonly number[]) => ids.map((id) => TILE_NAMES[id]);
const ids = (tiles: readonly TileName[]) => tiles.map((t) => TILE_ID[t]);
const sorted = (xs: readonly number[]) => xs.slice().sort((a, b) => a - b);

/** Each seat's 20 tiles in a different seeded order, as createGame would deal them. */
function pools(players: number, seed: number): number[][] {
  const rng = seededRng(seed);
  return Array.from({ length: players }, () => shuffle(TILE_SET.slice(), rng));
}

const HAND_A: TileName[] = ['samurai3', 'ronin1', 'ship2', 'buddha4', 'move'];
const HAND_B: TileName[] = ['samurai1', 'samurai1', 'switch', 'rice4', 'castle4'];

describe('starting hands', () => {
  it('are chosen by every seat, in any order; play waits for the last choice', () => {
    const s = createGameWithPools({ players: 3 }, pools(3, 1), null);
    expect(s.phase).toBe('hands');
    expect(s.seat).toBe(-1);
    const two = after(s, { type: 'chooseHand', seat: 2, tiles: HAND_A }, { type: 'chooseHand', seat: 0, tiles: HAND_B });
    expect(two.phase).toBe('hands');
    expect(two.handChosen).toEqual([true, false, true]);
    const all = after(two, { type: 'chooseHand', seat: 1, tiles: HAND_A });
    expect(all.phase).toBe('pieces');
    expect(all.seat).toBe(0);
    expect(names(all.hands[0])).toEqual(names(sorted(ids(HAND_B))));
  });

  it('leave the other 15 tiles as the stack, in the pool’s shuffled order', () => {
    const pool = pools(2, 7);
    const s = after(createGameWithPools({ players: 2 }, pool, null), { type: 'chooseHand', seat: 0, tiles: HAND_B });
    const rest = pool[0].slice();
    for (const id of ids(HAND_B)) rest.splice(rest.indexOf(id), 1);
    expect(s.stacks[0]).toEqual(rest);
    expect(s.stacks[0].length).toBe(15);
    // Seat 1 has not chosen: its 20 stay face down.
    expect(s.stacks[1]).toEqual(pool[1]);
  });

  it('are shuffled differently by different seeds, each a permutation of the 20 tiles', () => {
    const orders = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const g = createGame({ players: 2 }, seededRng(seed));
      for (const stack of g.stacks) {
        expect(sorted(stack)).toEqual(sorted(TILE_SET));
        orders.add(stack.join());
      }
    }
    expect(orders.size).toBe(40);
  });

  it('stay secret: another seat and spectators see only that a choice was made', () => {
    const s = createGameWithPools({ players: 2 }, pools(2, 3), null);
    const chose = (tiles: TileName[]) => after(s, { type: 'chooseHand', seat: 0, tiles });
    for (const viewer of [1, 'spectator'] as const) {
      const a = viewFor(chose(HAND_A), viewer);
      expect(a.hands[0]).toBeNull();
      expect(a.handChosen[0]).toBe(true);
      // Whatever seat 0 chose, what others see is the same.
      expect(JSON.stringify(a)).toBe(JSON.stringify(viewFor(chose(HAND_B), viewer)));
    }
    expect(viewFor(chose(HAND_A), 0).hands[0]).toEqual(sorted(ids(HAND_A)));
  });

  it('are 5 of the seat’s own tiles, chosen once', () => {
    const s = createGameWithPools({ players: 2 }, pools(2, 3), null);
    expect(refusal(s, { type: 'chooseHand', seat: 0, tiles: HAND_A.slice(0, 4) })).toBe(MoveError.HandWrongSize);
    expect(refusal(s, { type: 'chooseHand', seat: 0, tiles: [...HAND_A, 'rice2'] })).toBe(MoveError.HandWrongSize);
    expect(refusal(s, { type: 'chooseHand', seat: 0, tiles: ['ship1', 'ship1', 'ship1', 'rice2', 'rice3'] })).toBe(MoveError.HandNotOwned);
    expect(refusal(s, { type: 'chooseHand', seat: 0, tiles: ['ship1', 'ship1', 'ship2', 'rice2', 'dragon'] as TileName[] })).toBe(MoveError.HandNotOwned);
    expect(refusal(s, { type: 'chooseHand', seat: 2, tiles: HAND_A })).toBe(MoveError.UnknownSeat);
    expect(refusal(s, { type: 'chooseHand', seat: -1, tiles: HAND_A })).toBe(MoveError.UnknownSeat);
    const chosen = after(s, { type: 'chooseHand', seat: 0, tiles: HAND_A });
    expect(refusal(chosen, { type: 'chooseHand', seat: 0, tiles: HAND_B })).toBe(MoveError.HandAlreadyChosen);
    expect(refusal(after(chosen, { type: 'chooseHand', seat: 1, tiles: HAND_B }), { type: 'chooseHand', seat: 1, tiles: HAND_B })).toBe(MoveError.WrongPhase);
  });

  it('when random, are the first 5 of each seat’s shuffled 20, and setup begins at once', () => {
    const pool = pools(3, 11);
    const s = createGameWithPools({ players: 3, options: { startingHands: 'random' } }, pool, null);
    expect(s.phase).toBe('pieces');
    expect(s.handChosen).toEqual([true, true, true]);
    for (let seat = 0; seat < 3; seat++) {
      expect(s.hands[seat]).toEqual(sorted(pool[seat].slice(0, 5)));
      expect(s.stacks[seat]).toEqual(pool[seat].slice(5));
    }
    expect(refusal(s, { type: 'chooseHand', seat: 0, tiles: HAND_A })).toBe(MoveError.WrongPhase);
  });
});

/** A game placing pieces: random starting hands, seat 0 to place. */
function placing(players: PlayerCount): GameState {
  return createGameWithPools({ players, options: { startingHands: 'random' } }, pools(players, players), null);
}

describe('placing the pieces', () => {
  it.each(PLAYER_COUNTS)('%i players: Edo holds one of each caste; the rest of each caste is in the supply', (players) => {
    const s = placing(players);
    expect(s.pieces[EDO]).toBe(0b111);
    const n = boardFor(players).piecesPerCaste;
    expect(s.supply).toEqual([n - 1, n - 1, n - 1]);
    expect(s.pieces.filter((mask, i) => i !== EDO && mask)).toEqual([]);
  });

  it('seat i mod players places the i-th piece, cities first, then villages, then seat 0 plays', () => {
    for (const players of PLAYER_COUNTS) {
      const s = placing(players);
      const rng = seededRng(99);
      const placers: number[] = [];
      while (s.phase === 'pieces') {
        const options = legalPlacements(s);
        placers.push(s.seat);
        expect(applyMoveInPlace(s, options[rng.int(options.length)])).toBeNull();
      }
      const total = 3 * (boardFor(players).piecesPerCaste - 1);
      expect(placers).toEqual(Array.from({ length: total }, (_, i) => i % players));
      expect(s.placements.map((p) => p.seat)).toEqual(placers);
      expect(s.phase).toBe('play');
      expect(s.seat).toBe(0);
      expect(s.supply).toEqual([0, 0, 0]);
      expectSetupLimits(s, players);
    }
  });

  it('refuses a seat out of turn', () => {
    expect(refusal(placing(3), '1 piece rice@14,9')).toBe(MoveError.NotYourTurn);
    expect(refusal(after(placing(3), '0 piece rice@14,9'), '0 piece buddha@14,9')).toBe(MoveError.NotYourTurn);
  });

  it('fills every city before any village, two different castes per city', () => {
    // 2 players: cities 14,9 and 11,15.
    let s = after(placing(2), '0 piece rice@14,9');
    expect(refusal(s, '1 piece rice@14,9')).toBe(MoveError.SetupSameCaste);
    expect(refusal(s, '1 piece castle@14,7')).toBe(MoveError.SetupCitiesFirst);
    s = after(s, '1 piece castle@14,9');
    expect(refusal(s, '0 piece buddha@14,9')).toBe(MoveError.SetupSettlementFull);
    s = after(s, '0 piece buddha@11,15');
    expect(refusal(s, '1 piece castle@14,7')).toBe(MoveError.SetupCitiesFirst);
    s = after(s, '1 piece rice@11,15');
    expect(refusal(s, '0 piece castle@14,7')).toBeNull();
    expect(refusal(s, '0 piece castle@15,7')).toBe(MoveError.SetupNotASettlement);
    expect(refusal(s, '0 piece castle@14,13')).toBe(MoveError.SetupSettlementFull);
    expect(refusal(s, '0 piece castle@14,1')).toBe(MoveError.OffBoard);
    const village = after(s, '0 piece castle@14,7');
    expect(refusal(village, '1 piece rice@14,7')).toBe(MoveError.SetupSettlementFull);
  });

  it('is not a phase for tiles, nor for passing', () => {
    for (const m of ['0 samurai1@15,7', '0 pass', '0 end', '0 undo']) expect(refusal(placing(2), m)).toBe(MoveError.WrongPhase);
  });
});

/** Every settlement in play is full, castes distinct, Edo untouched; villages came after cities. */
function expectSetupLimits(s: GameState, players: PlayerCount): void {
  const board = boardFor(players);
  for (const i of board.settlements) {
    expect(countBits(s.pieces[i])).toBe(SETTLEMENTS[i].capacity);
  }
  const isCity = (p: Placement) => SETTLEMENTS[HEXES[hexIndex(p.hex)].settlement].kind === 'city';
  const firstVillage = s.placements.findIndex((p) => !isCity(p));
  expect(firstVillage).toBe(2 * board.cities.length);
  expect(s.placements.slice(firstVillage).every((p) => !isCity(p))).toBe(true);
  const counts = [0, 0, 0];
  for (const i of board.settlements) for (let c = 0; c < 3; c++) if (s.pieces[i] & (1 << c)) counts[c]++;
  expect(counts).toEqual([board.piecesPerCaste, board.piecesPerCaste, board.piecesPerCaste]);
}

describe('a random setup', () => {
  it.each(PLAYER_COUNTS)('%i players: is dealt once the hands are chosen, obeying the same limits', (players) => {
    for (let seed = 0; seed < 30; seed++) {
      const g = createGame({ players, options: { setup: 'random' } }, seededRng(seed));
      expect(g.phase).toBe('hands');
      expect(g.placements).toEqual([]);
      for (let seat = 0; seat < players; seat++) applyMoveInPlace(g, { type: 'chooseHand', seat, tiles: HAND_A });
      expect(g.phase).toBe('play');
      expect(g.seat).toBe(0);
      expect(g.pendingPieces).toBeNull();
      expect(g.placements.every((p) => p.seat === null)).toBe(true);
      expect(g.supply).toEqual([0, 0, 0]);
      expectSetupLimits(g, players);
    }
  });

  it('varies with the seed', () => {
    const deal = (seed: number) => JSON.stringify(createGame({ players: 4, options: { setup: 'random' } }, seededRng(seed)).pendingPieces);
    expect(new Set([1, 2, 3, 4, 5].map(deal)).size).toBe(5);
  });

  it('with random hands too, goes straight to play', () => {
    const g = createGame({ players: 3, options: { setup: 'random', startingHands: 'random' } }, seededRng(5));
    expect(g.phase).toBe('play');
    expect(g.hands.every((h) => h.length === 5)).toBe(true);
    expectSetupLimits(g, 3);
  });
});

describe('game options', () => {
  it('default to end-of-turn captures, chosen hands and placed pieces', () => {
    expect(createGame({ players: 2 }, seededRng(1)).options).toEqual({ captureTiming: 'end-of-turn', startingHands: 'chosen', setup: 'players' });
  });

  it('take the default for an option given as undefined, so captures still happen', () => {
    const config = { players: 2 as const, options: { captureTiming: undefined, startingHands: 'random' as const, setup: undefined } };
    const g = createGame(config, seededRng(1));
    expect(g.options).toEqual({ captureTiming: 'end-of-turn', startingHands: 'random', setup: 'players' });
    expect(createGameWithPools(config, pools(2, 1), null).options).toEqual(g.options);
  });

  it('refuse an unknown value rather than play a game without it', () => {
    expect(() => createGame({ players: 2, options: { captureTiming: 'sometimes' as never } }, seededRng(1))).toThrow(/captureTiming/);
    expect(() => createGameWithPools({ players: 2, options: { setup: 'dealt' as never } }, pools(2, 1), null)).toThrow(/setup/);
  });
});
