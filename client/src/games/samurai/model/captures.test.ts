import { createGame, HEXES, LogEntry, seededRng, viewFor } from '@samurai/shared';
import { capturedPiece, CaptureEntry, newCaptures } from './captures';

const end: LogEntry = { kind: 'end', seat: 0 };
const won = (hex: string): CaptureEntry => ({ kind: 'capture', seat: 1, hex, piece: 'rice' });
const setAside = (hex: string): CaptureEntry => ({ kind: 'capture', seat: null, hex, piece: 'castle' });

describe('newCaptures', () => {
  test('the captures among the entries logged since, in order', () => {
    const before: LogEntry[] = [end];
    const after: LogEntry[] = [end, { kind: 'pass', seat: 1 }, won('A'), setAside('B')];
    expect(newCaptures(before, after)).toEqual([won('A'), setAside('B')]);
  });

  test('none when the log did not grow (a play taken back, a replay stepping back)', () => {
    expect(newCaptures([end, won('A')], [end])).toEqual([]);
    expect(newCaptures([end, won('A')], [end, won('A')])).toEqual([]);
  });
});

describe('capturedPiece', () => {
  // Setup pieces dealt at random: a settlement with some of its pieces on it, not all.
  const view = viewFor(createGame({ players: 2, options: { setup: 'random', startingHands: 'random' } }, seededRng(7)), 0);
  const hex = HEXES.findIndex((h) => h.settlement >= 0 && view.pieces[h.settlement] !== 0 && view.pieces[h.settlement] !== 7);
  const mask = view.pieces[HEXES[hex].settlement];
  const present = [0, 1, 2].find((c) => mask & (1 << c))!;
  const absent = [0, 1, 2].find((c) => !(mask & (1 << c)))!;
  const piece = (caste: number) => (['buddha', 'rice', 'castle'] as const)[caste];

  test('its hex, caste and winner, the settlement as it stood', () => {
    expect(capturedPiece(view, { kind: 'capture', seat: 1, hex: HEXES[hex].name, piece: piece(present) })).toEqual({ hex, caste: present, mask, seat: 1 });
  });

  test('a piece no longer shown before is counted among the settlement’s pieces', () => {
    const flight = capturedPiece(view, { kind: 'capture', seat: null, hex: HEXES[hex].name, piece: piece(absent) });
    expect(flight).toEqual({ hex, caste: absent, mask: mask | (1 << absent), seat: null });
  });
});
