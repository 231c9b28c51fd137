import { placePreviewCard } from './preview-placement';

/** The card's box as the placement puts it, at its full size or its allowed height. */
function box(area: { width: number; height: number }, card: { width: number; height: number }, p: ReturnType<typeof placePreviewCard>, margin = 8) {
  const height = Math.min(card.height, p.maxHeight);
  const left = p.horizontal === 'left' ? margin : area.width - margin - card.width;
  const top = p.vertical === 'top' ? margin : area.height - margin - height;
  return { left, right: left + card.width, top, bottom: top + height };
}

function covers(b: ReturnType<typeof box>, x: number, y: number, clearance: number): boolean {
  return b.left < x + clearance && b.right > x - clearance && b.top < y + clearance && b.bottom > y - clearance;
}

describe('placePreviewCard', () => {
  const desktop = { width: 980, height: 750 };
  const phone = { width: 390, height: 500 };

  test('on a wide board the card goes to the far corner at full height', () => {
    const p = placePreviewCard(desktop, { x: 200, y: 150 }, 30, { width: 330, height: 400 });
    expect(p).toEqual({ vertical: 'bottom', horizontal: 'right', maxHeight: 734 });
    expect(placePreviewCard(desktop, { x: 800, y: 600 }, 30, { width: 330, height: 400 })).toMatchObject({ vertical: 'top', horizontal: 'left' });
  });

  test('a card too wide to sit beside the target goes above or below it, no taller than the room there', () => {
    // The failure CI met: a phone, a target in the upper middle, a card nearly as wide as the board.
    const p = placePreviewCard(phone, { x: 261, y: 200 }, 27, { width: 330, height: 320 });
    expect(p).toEqual({ vertical: 'bottom', horizontal: 'left', maxHeight: 500 - 8 - 227 });
    expect(placePreviewCard(phone, { x: 100, y: 400 }, 27, { width: 330, height: 320 })).toEqual({
      vertical: 'top',
      horizontal: 'right',
      maxHeight: 400 - 27 - 8,
    });
  });

  test('wherever the target is, the card never covers it', () => {
    for (const area of [desktop, phone, { width: 320, height: 300 }]) {
      for (const card of [
        { width: 200, height: 150 },
        { width: 330, height: 420 },
        { width: area.width - 16, height: 900 },
      ]) {
        for (let x = 10; x < area.width; x += 37) {
          for (let y = 10; y < area.height; y += 41) {
            const p = placePreviewCard(area, { x, y }, 25, card);
            expect(covers(box(area, card, p), x, y, 25)).toBe(false);
          }
        }
      }
    }
  });
});
