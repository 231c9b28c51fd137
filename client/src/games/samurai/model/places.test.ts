import { boardFor, HEXES, hexIndex, PLAYER_COUNTS, SETTLEMENTS } from '@samurai/shared';
import { CITY_NAMES, placeName } from './places';

describe('places in words', () => {
  it('gives every hex of the board its own name', () => {
    const names = boardFor(4).hexes.map(placeName);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).not.toMatch(/\d+,\d+|undefined/);
  });

  it('names Edo and the cities as the board prints them, and every village from a name printed on its island', () => {
    expect(placeName(hexIndex('14,13'))).toBe('Edo');
    expect(placeName(hexIndex('11,15'))).toBe('Kyoto');
    const printed = Object.values(CITY_NAMES);
    for (const s of SETTLEMENTS) {
      const name = placeName(s.hex);
      if (s.kind !== 'village') {
        expect(printed).toContain(name);
        continue;
      }
      expect(name).toMatch(
        /^the (second |third )?village (north|south|east|west|north-east|north-west|south-east|south-west) of \w+$|^the village in the [a-z-]+ of (Kyushu|Shikoku)$/,
      );
      const landmark = /of (\w+)$/.exec(name)![1];
      const city = Object.entries(CITY_NAMES).find(([, n]) => n === landmark);
      // A village named from a city lies on that city's island.
      if (city) expect(HEXES[hexIndex(city[0])].island).toBe(HEXES[s.hex].island);
      else expect(HEXES[s.hex].island!.toLowerCase()).toBe(landmark.toLowerCase());
    }
  });

  it('counts villages the same way from the same city in order, nearest first', () => {
    expect(placeName(hexIndex('8,16'))).toBe('the village west of Kyoto');
    expect(placeName(hexIndex('6,16'))).toBe('the second village west of Kyoto');
    expect(placeName(hexIndex('5,17'))).toBe('the third village west of Kyoto');
  });

  it.each(PLAYER_COUNTS)('names land and sea beside a settlement after one it borders, by the way it lies (%i players)', (players) => {
    const board = boardFor(players);
    for (const h of board.hexes) {
      if (HEXES[h].settlement >= 0) continue;
      // Those it borders on every board it is on.
      const bordering = board.adjacentSettlements[h].filter((s) => SETTLEMENTS[s].minPlayers <= HEXES[h].minPlayers);
      if (bordering.length === 0) continue;
      const name = placeName(h);
      expect(name).toMatch(HEXES[h].kind === 'sea' ? /^the sea / : /^land /);
      expect(name).not.toMatch(/hexes/);
      expect(bordering.map((s) => placeName(SETTLEMENTS[s].hex)).some((n) => name.endsWith(` of ${n}`))).toBe(true);
    }
    // Whatever a hex is named after is on the board whenever the hex is.
    const onBoard = new Set(board.settlements.map((s) => placeName(SETTLEMENTS[s].hex)));
    for (const h of board.hexes) {
      const name = placeName(h);
      const after = /^(?:land|the sea) .*? of (the .*|\w+)$/.exec(name);
      expect(onBoard.has(after ? after[1] : name)).toBe(true);
    }
    expect(placeName(hexIndex('14,12'))).toBe('land north of Edo');
    expect(placeName(hexIndex('15,13'))).toBe('land south-east of Edo');
  });
});
