/**
 * Where the coach's bubble goes: beside what it points at, never over it. Pure: boxes in, a box
 * out, so it is tested without a browser. Boxes are in viewport pixels.
 */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export type Side = 'below' | 'above' | 'right' | 'left' | 'corner';

export interface Placement {
  readonly left: number;
  readonly top: number;
  /** Which side of the first target the bubble sits on ('corner' when it sits in a corner of the screen). */
  readonly side: Side;
}

/** The gap between the bubble and what it points at, and the screen's edge. */
const GAP = 14;
const EDGE = 8;

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/**
 * The bubble's place for a bubble of `size` in a `viewport`, pointing at `targets` (the first is
 * the one it sits beside). Tried in order: below, above, right, left of the first target, then the
 * screen's corners. The first that covers no target and nothing of `avoid` (the game's controls)
 * wins; else the first that covers no target; if none does, the one covering least.
 */
export function placeCoach(
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  targets: readonly Box[],
  avoid: readonly Box[] = [],
): Placement {
  const { width: w, height: h } = size;
  const maxLeft = Math.max(EDGE, viewport.width - w - EDGE);
  const maxTop = Math.max(EDGE, viewport.height - h - EDGE);
  const x = (left: number) => clamp(left, EDGE, maxLeft);
  const y = (top: number) => clamp(top, EDGE, maxTop);
  const corners: Placement[] = [
    { left: x((viewport.width - w) / 2), top: maxTop, side: 'corner' },
    { left: x((viewport.width - w) / 2), top: EDGE, side: 'corner' },
    { left: maxLeft, top: maxTop, side: 'corner' },
    { left: EDGE, top: maxTop, side: 'corner' },
    { left: maxLeft, top: EDGE, side: 'corner' },
    { left: EDGE, top: EDGE, side: 'corner' },
  ];
  const first = targets[0];
  const fits = (p: Placement) =>
    p.left >= EDGE - 0.5 && p.top >= EDGE - 0.5 && p.left + w <= viewport.width - EDGE + 0.5 && p.top + h <= viewport.height - EDGE + 0.5;
  const beside: Placement[] = first
    ? [
        { left: x(first.left + first.width / 2 - w / 2), top: first.top + first.height + GAP, side: 'below' },
        { left: x(first.left + first.width / 2 - w / 2), top: first.top - GAP - h, side: 'above' },
        { left: first.left + first.width + GAP, top: y(first.top + first.height / 2 - h / 2), side: 'right' },
        { left: first.left - GAP - w, top: y(first.top + first.height / 2 - h / 2), side: 'left' },
      ]
    : [];
  const candidates = [...beside.filter(fits), ...corners];
  const covering = (p: Placement, boxes: readonly Box[]) => boxes.reduce((sum, b) => sum + overlap({ left: p.left, top: p.top, width: w, height: h }, b), 0);
  let best = candidates[0];
  let least = [Infinity, Infinity];
  for (const p of candidates) {
    const cost = [covering(p, targets), covering(p, avoid)];
    if (cost[0] === 0 && cost[1] === 0) return p;
    if (cost[0] < least[0] || (cost[0] === least[0] && cost[1] < least[1])) {
      least = cost;
      best = p;
    }
  }
  return best;
}
