import { SEAT_COLOURS } from '@samurai/shared';
import { lookOf, MARK_NAMES, OPEN_LOOK } from './seat-look';

describe('seat looks', () => {
  it('exist for every palette colour, with a readable ink', () => {
    for (const c of SEAT_COLOURS) {
      const look = lookOf(c.id);
      expect(look.name).toBe(c.name);
      expect(look.color).toBe(Number.parseInt(c.hex.slice(1), 16));
      expect([0x111111, 0xffffff]).toContain(look.ink);
    }
    expect(lookOf('yellow').ink).toBe(0x111111);
    expect(lookOf('blue').ink).toBe(0xffffff);
  });

  it('give each colour its own mark, and an unknown colour the open look', () => {
    const marks = SEAT_COLOURS.map((c) => lookOf(c.id).mark);
    expect(new Set(marks).size).toBe(SEAT_COLOURS.length);
    for (const mark of marks) expect(MARK_NAMES).toContain(mark);
    expect(lookOf('')).toBe(OPEN_LOOK);
    expect(lookOf('mauve')).toBe(OPEN_LOOK);
  });
});
