import { viewFor } from '../projection';
import { decodeHistoryEntry, encodeHistoryEntry, HistoryEntry, newHistoryCursor, newHistoryEntries } from './history';
import { roomLikeGame } from './room-fixture';

describe('the history log', () => {
  it('writes each public fact of whole games on one short line that reads back as it was', () => {
    const kinds = new Set<string>();
    for (const players of [2, 3, 4, 5, 6] as const) {
      for (let seed = 0; seed < 6; seed++) {
        const game = roomLikeGame(players, 300 + seed);
        for (const entry of newHistoryEntries(viewFor(game, 'spectator').campaigns, newHistoryCursor())) {
          const text = encodeHistoryEntry(entry);
          expect(text.length).toBeLessThan(160);
          expect(decodeHistoryEntry(text)).toStrictEqual(entry);
          kinds.add(Object.keys(entry)[0] + ('event' in entry ? `:${entry.event.type}` : ''));
        }
      }
    }
    expect([...kinds].sort()).toEqual(
      [
        'campaign',
        'turn',
        'end',
        'drawOff',
        'event:monk',
        'event:paid',
        'event:blocked',
        'event:eliminated',
        'event:discarded',
        'event:coins',
        'event:revealed',
      ].sort(),
    );
  });

  it('reads as the notation says', () => {
    const entries: [string, HistoryEntry][] = [
      ['c 3', { campaign: 3 }],
      [
        't0 teamaster>1 took kabuki / kabuki took captain / captain>2 ; 1a 2d',
        {
          turn: {
            seat: 0,
            play: { card: 'teamaster', targets: [1], took: 'kabuki', then: { card: 'kabuki', took: 'captain', then: { card: 'captain', targets: [2] } } },
            answers: [
              { seat: 1, answer: 'accept' },
              { seat: 2, answer: 'defend' },
            ],
          },
        },
      ],
      [
        't2 ikki ; 0p 1m',
        {
          turn: {
            seat: 2,
            play: { card: 'peasant', ikki: true },
            answers: [
              { seat: 0, answer: 'pay' },
              { seat: 1, answer: 'monk' },
            ],
          },
        },
      ],
      ['e4 eliminated 2 bf', { event: { type: 'eliminated', turn: 4, seat: 2, cards: ['peasant', 'captain'] } }],
      ['e4 eliminated 2 ', { event: { type: 'eliminated', turn: 4, seat: 2, cards: [] } }],
      ['e1 coins 1 centre 1', { event: { type: 'coins', turn: 1, from: 1, to: 'centre', count: 1 } }],
      ['e0 revealed 1,2', { event: { type: 'revealed', turn: 0, seats: [1, 2] } }],
      [
        'd 0:monk 2:warlord',
        {
          drawOff: [
            { seat: 0, card: 'monk' },
            { seat: 2, card: 'warlord' },
          ],
        },
      ],
      ['x emperor 2 7 5,-,8', { end: { reason: 'emperor', winner: 2, pot: 7, honour: [5, null, 8] } }],
      ['x last-standing - 0 -', { end: { reason: 'last-standing', winner: null, pot: 0, honour: null } }],
    ];
    for (const [text, entry] of entries) {
      expect(decodeHistoryEntry(text)).toStrictEqual(entry);
      expect(encodeHistoryEntry(entry)).toBe(text);
    }
    expect(() => decodeHistoryEntry('t0 dragon>1')).toThrow(/not a history entry/);
    expect(() => decodeHistoryEntry('?')).toThrow(/not a history entry/);
  });
});
