import { HEXES, LogEntry, TILE_NAMES } from '@samurai/shared';
import { entryHexes, entryText, logLines, placeLabel, tileButtonName, tileHelp, tileLabel } from './words';

const names = (seat: number) => ['Ann', 'Bo'][seat];

describe('words for the game', () => {
  it('label every tile and explain it', () => {
    expect(tileLabel('buddha3')).toBe('Buddha 3');
    expect(tileLabel('ship1')).toBe('Ship 1');
    expect(tileLabel('switch')).toBe('Switch');
    expect(tileLabel('move')).toBe('Move');
    for (const name of TILE_NAMES) expect(tileHelp(name).length).toBeGreaterThan(10);
    expect(tileHelp('ronin1')).toMatch(/^Fast/);
    expect(tileHelp('ship2')).toMatch(/sea/);
    expect(tileHelp('castle4')).toMatch(/castles only/);
  });

  it('name places in words found on the board', () => {
    expect(placeLabel('14,13')).toBe('Edo');
    expect(placeLabel('14,9')).toBe('Sendai');
    expect(placeLabel('14,11')).toBe('the village north of Edo');
    expect(placeLabel('13,12')).toBe('land north-west of Edo');
    expect(placeLabel('13,8')).toBe('the sea north-west of Sendai');
    expect(placeLabel('99,99')).toBe('99,99');
  });

  it('describe each public event', () => {
    expect(entryText({ kind: 'piece', seat: 1, hex: '14,9', piece: 'rice' }, names)).toBe('Bo placed a rice field in Sendai.');
    expect(entryText({ kind: 'play', seat: 0, play: { tile: 'samurai2', hex: '13,12' } }, names)).toBe('Ann played Samurai 2 on land north-west of Edo.');
    expect(entryText({ kind: 'play', seat: 0, play: { tile: 'move', from: '13,12', to: '15,13' } }, names)).toBe(
      'Ann moved a tile from land north-west of Edo to land south-east of Edo.',
    );
    expect(
      entryText(
        {
          kind: 'play',
          seat: 1,
          play: {
            tile: 'switch',
            swap: [
              { hex: '14,9', piece: 'rice' },
              { hex: '14,13', piece: 'castle' },
            ],
          },
        },
        names,
      ),
    ).toBe('Bo switched the rice field of Sendai with the castle of Edo.');
    expect(entryText({ kind: 'capture', seat: 0, hex: '14,11', piece: 'buddha' }, names)).toBe('Ann captured the Buddha of the village north of Edo.');
    expect(entryText({ kind: 'capture', seat: null, hex: '14,11', piece: 'castle' }, names)).toMatch(/set aside/);
    expect(entryText({ kind: 'pass', seat: 1 }, names)).toBe('Bo could play no tile and passed.');
  });

  it('give one line per entry, newest last, with its seat', () => {
    const entries: LogEntry[] = [
      { kind: 'dealt' },
      { kind: 'play', seat: 0, play: { tile: 'ship1', hex: '12,11' } },
      { kind: 'end', seat: 0 },
      { kind: 'pass', seat: 1 },
    ];
    expect(logLines(entries, names).map((l) => [l.kind, l.seat, l.text])).toEqual([
      ['dealt', null, 'The pieces were dealt to the settlements at random.'],
      ['play', 0, 'Ann played Ship 1 on the sea north of the village north-west of Edo.'],
      ['end', 0, 'Ann ended the turn.'],
      ['pass', 1, 'Bo could play no tile and passed.'],
    ]);
  });
});

describe('where events happened', () => {
  it('names the hexes of placements, plays, switches, moves and captures', () => {
    const at = (name: string) => HEXES.findIndex((h) => h.name === name);
    expect(entryHexes({ kind: 'piece', seat: 0, hex: '14,9', piece: 'rice' })).toEqual([at('14,9')]);
    expect(entryHexes({ kind: 'play', seat: 0, play: { tile: 'ship1', hex: '12,11' } })).toEqual([at('12,11')]);
    expect(entryHexes({ kind: 'play', seat: 0, play: { tile: 'move', from: '13,12', to: '15,13' } })).toEqual([at('13,12'), at('15,13')]);
    expect(
      entryHexes({
        kind: 'play',
        seat: 1,
        play: {
          tile: 'switch',
          swap: [
            { hex: '14,9', piece: 'rice' },
            { hex: '14,13', piece: 'castle' },
          ],
        },
      }),
    ).toEqual([at('14,9'), at('14,13')]);
    expect(entryHexes({ kind: 'capture', seat: null, hex: '14,11', piece: 'castle' })).toEqual([at('14,11')]);
    expect(entryHexes({ kind: 'end', seat: 0 })).toEqual([]);
    expect(logLines([{ kind: 'play', seat: 0, play: { tile: 'ship1', hex: '12,11' } }], names)[0].hexes).toEqual([at('12,11')]);
  });
});

describe('tile buttons', () => {
  it('name every tile with the strength its face shows (a screen reader says what is seen)', () => {
    expect(tileButtonName('buddha2')).toBe('Buddha 2');
    expect(tileButtonName('move')).toBe('Move, strength 0');
    expect(tileButtonName('switch')).toBe(tileLabel('switch'));
    for (const tile of TILE_NAMES) expect(tileButtonName(tile).startsWith(tileLabel(tile))).toBe(true);
  });
});
