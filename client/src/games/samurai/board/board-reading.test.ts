import { boardFor, hexIndex, HEXES, influence, SETTLEMENTS, TILE_ID, viewFor } from '@samurai/shared';
import { fixtureGame } from '@samurai/shared/src/games/samurai/room-fixture';
import { leadersAt } from './board-reading';

describe('who leads where', () => {
  const game = fixtureGame(3, 21);
  const state = game.steps[Math.floor(game.steps.length * 0.6)].after;

  it('names the seat with strictly the most influence for each caste, as the engine sums it', () => {
    let checked = 0;
    for (const s of boardFor(3).settlements) {
      const sums = influence(state, s);
      const leaders = leadersAt(state, s);
      for (let c = 0; c < 3; c++) {
        const best = Math.max(...sums.map((x) => x[c]));
        const holders = sums.map((x, seat) => (x[c] === best ? seat : -1)).filter((x) => x >= 0);
        expect(leaders[c]).toBe(best > 0 && holders.length === 1 ? holders[0] : null);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('names nobody on a tie, nor when nobody has influence', () => {
    const view = viewFor(game.initial, 'spectator');
    const edo = HEXES[hexIndex('14,13')].settlement;
    expect(leadersAt(view, edo)).toEqual([null, null, null]);
    // Two seats, one samurai 2 each next to Edo: tied everywhere.
    const tied = { ...view, hexOwner: view.hexOwner.slice(), hexTile: view.hexTile.slice() };
    const [a, b] = boardFor(3).settlementLand[edo];
    tied.hexOwner[a] = 0;
    tied.hexTile[a] = TILE_ID.samurai2;
    tied.hexOwner[b] = 1;
    tied.hexTile[b] = TILE_ID.samurai2;
    expect(leadersAt(tied, edo)).toEqual([null, null, null]);
    tied.hexTile[b] = TILE_ID.buddha3;
    expect(leadersAt(tied, edo)).toEqual([1, 0, 0]);
    expect(SETTLEMENTS[edo].kind).toBe('edo');
  });
});
