import { COLOUR_IDS, SEAT_COLOURS } from './colours';

describe('seat colours', () => {
  it('have distinct ids, colours and marks, enough for four players', () => {
    expect(SEAT_COLOURS.length).toBeGreaterThanOrEqual(4);
    for (const key of ['id', 'hex', 'mark', 'name'] as const) {
      expect(new Set(SEAT_COLOURS.map((c) => c[key])).size).toBe(SEAT_COLOURS.length);
    }
    for (const c of SEAT_COLOURS) expect(c.hex).toMatch(/^#[0-9A-F]{6}$/);
    expect(COLOUR_IDS).toEqual(SEAT_COLOURS.map((c) => c.id));
  });
});
