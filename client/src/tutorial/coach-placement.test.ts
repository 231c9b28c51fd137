import { Box, placeCoach } from './coach-placement';

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
const bubble = { width: 374, height: 180 };
const covers = (p: { left: number; top: number }, size: { width: number; height: number }, t: Box) =>
  p.left < t.left + t.width && t.left < p.left + size.width && p.top < t.top + t.height && t.top < p.top + size.height;

describe('where the coach sits', () => {
  it('sits below what it points at when there is room, and inside the screen', () => {
    const hex = { left: 180, top: 100, width: 40, height: 40 };
    const p = placeCoach(bubble, phone, [hex]);
    expect(p.side).toBe('below');
    expect(p.top).toBeGreaterThanOrEqual(140);
    expect(p.left).toBeGreaterThanOrEqual(8);
    expect(p.left + bubble.width).toBeLessThanOrEqual(phone.width - 8);
  });

  it('goes above a target near the bottom of a phone', () => {
    const card = { left: 150, top: 720, width: 80, height: 110 };
    const p = placeCoach(bubble, phone, [card]);
    expect(p.side).toBe('above');
    expect(covers(p, bubble, card)).toBe(false);
  });

  it('covers none of several targets when the screen allows it (a tile in the side panel, a hex on the board)', () => {
    const tile = { left: 1000, top: 300, width: 44, height: 44 };
    const hex = { left: 500, top: 520, width: 40, height: 40 };
    const size = { width: 420, height: 200 };
    const p = placeCoach(size, laptop, [tile, hex]);
    expect(covers(p, size, tile)).toBe(false);
    expect(covers(p, size, hex)).toBe(false);
  });

  it('with nothing to point at, sits at the bottom of the screen', () => {
    expect(placeCoach(bubble, laptop, [])).toEqual({ left: (1280 - 374) / 2, top: 800 - 180 - 8, side: 'corner' });
  });

  it('when every place covers something, covers the least', () => {
    const big = { left: 0, top: 0, width: 390, height: 700 };
    const p = placeCoach(bubble, phone, [big]);
    expect(p.top).toBe(844 - 180 - 8);
  });

  it('keeps clear of the game’s controls where it can, but of the targets first', () => {
    const tile = { left: 1085, top: 90, width: 70, height: 70 };
    const hand = { left: 1000, top: 60, width: 270, height: 280 };
    const size = { width: 420, height: 170 };
    const p = placeCoach(size, laptop, [tile], [hand]);
    expect(covers(p, size, tile)).toBe(false);
    expect(covers(p, size, hand)).toBe(false);
    // A control that fills the screen is covered rather than a target.
    const everything = { left: 0, top: 0, width: 1280, height: 800 };
    expect(covers(placeCoach(size, laptop, [tile], [everything]), size, tile)).toBe(false);
  });
});
