import { handSlots, inside, intersects, Rect, tableLayout } from './table-layout';

const SIZES = [
  { width: 940, height: 684, name: 'laptop 1280×800 beside the side panel' },
  { width: 390, height: 600, name: 'phone 390×844' },
  { width: 360, height: 560, name: 'small phone' },
  { width: 1100, height: 700, name: 'wide window' },
  { width: 760, height: 560, name: 'small window' },
  { width: 1500, height: 900, name: 'large screen' },
];

describe('the table layout', () => {
  for (const size of SIZES) {
    for (const players of [2, 3, 4, 5, 6]) {
      for (const viewer of [0, players - 1, -1]) {
        it(`seats ${players} at a ${size.name} table (viewer ${viewer}) without overlaps, all in view`, () => {
          const layout = tableLayout(size, players, viewer);
          const boxes: [string, Rect][] = [
            ...layout.seats.map((r, s) => [`seat ${s}`, r] as [string, Rect]),
            ['supply', layout.supply],
            ['discard', layout.discard],
            ['centre', layout.centre],
          ];
          if (layout.hand) boxes.push(['hand', layout.hand]);
          expect(layout.seats.filter(Boolean)).toHaveLength(players);
          for (const [name, r] of boxes) expect([name, inside(r, size)]).toEqual([name, true]);
          for (let i = 0; i < boxes.length; i++) {
            for (let j = i + 1; j < boxes.length; j++) {
              const [a, ra] = boxes[i];
              const [b, rb] = boxes[j];
              // Your nameplate sits beside (or above) your hand, never on it.
              expect([a, b, intersects(ra, rb)]).toEqual([a, b, false]);
            }
          }
          expect(layout.hand === null).toBe(viewer < 0);
          expect(layout.bottomSeat).toBe(viewer < 0 ? 0 : viewer);
        });
      }
    }
  }

  it('puts the next seat in turn order on your left, and the one before you on your right', () => {
    const layout = tableLayout({ width: 940, height: 684 }, 5, 2);
    const x = (s: number) => layout.seats[s].x;
    expect(x(3)).toBeLessThan(x(4));
    expect(x(4)).toBeLessThan(x(0));
    expect(x(0)).toBeLessThan(x(1));
    const phone = tableLayout({ width: 390, height: 600 }, 6, 0);
    expect(phone.seats[1].x).toBeLessThan(phone.seats[5].x);
    expect(phone.seats[2].y).toBeLessThan(phone.seats[1].y);
  });

  it('is narrow (compact) on a phone and wide on a laptop', () => {
    expect(tableLayout({ width: 390, height: 600 }, 4, 0).compact).toBe(true);
    expect(tableLayout({ width: 940, height: 684 }, 4, 0).compact).toBe(false);
  });

  it('lays three or four hand cards inside the hand, the taken card apart, none on another unless they must overlap', () => {
    for (const size of SIZES) {
      const layout = tableLayout(size, 4, 1);
      for (const [count, taken] of [
        [2, false],
        [3, false],
        [2, true],
        [3, true],
      ] as const) {
        const slots = handSlots(layout, count, taken);
        expect(slots).toHaveLength(count + (taken ? 1 : 0));
        for (const s of slots) {
          expect(s.x).toBeGreaterThanOrEqual(layout.hand!.x - 1);
          expect(s.x + s.width).toBeLessThanOrEqual(layout.hand!.x + layout.hand!.width + 1);
        }
        for (let i = 1; i < slots.length; i++) expect(slots[i].x).toBeGreaterThan(slots[i - 1].x);
      }
      expect(handSlots(tableLayout(size, 4, -1), 3, false)).toEqual([]);
    }
  });

  it('makes hand cards big enough to read on a phone', () => {
    const phone = tableLayout({ width: 390, height: 600 }, 6, 0);
    expect(phone.handCard.width).toBeGreaterThanOrEqual(100);
    const slots = handSlots(phone, 3, false);
    expect(slots.every((s, i) => i === 0 || !intersects(s, slots[i - 1]))).toBe(true);
  });
});
