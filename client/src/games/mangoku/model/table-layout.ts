/**
 * Where everything sits on the card table, in canvas pixels: your hand along the bottom edge,
 * the other players clockwise from your left around the rest of the table, and the supply, the
 * discard pile and the centre pile in the middle. A wide table seats the others on an arc; a
 * narrow one (a phone held upright) in two rows across the top. Someone watching sees seat 1 at
 * the bottom, as a player would, without a hand. Pure: the same size, players and viewer always
 * give the same layout.
 */

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface TableLayout {
  readonly size: Size;
  /** A narrow table: smaller seats and cards, others in rows. */
  readonly compact: boolean;
  /** Per seat: its nameplate (name, coins, cards in hand); the viewer's is a slim one beside the hand. */
  readonly seats: readonly Rect[];
  /** The seat at the bottom edge: the viewer's, or seat 0 for someone watching. */
  readonly bottomSeat: number;
  /** Where the viewer's hand lies; null when watching. */
  readonly hand: Rect | null;
  readonly handCard: Size;
  /** Cards in a seat's nameplate (backs, or a revealed hand). */
  readonly miniCard: Size;
  /** Cards on the piles. */
  readonly pileCard: Size;
  readonly supply: Rect;
  readonly discard: Rect;
  readonly centre: Rect;
}

const PAD = 8;

function rect(x: number, y: number, width: number, height: number): Rect {
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
}

function centred(cx: number, cy: number, size: Size): Rect {
  return rect(cx - size.width / 2, cy - size.height / 2, size.width, size.height);
}

/** Seats' places relative to the bottom one: 1 is on its left (clockwise), then round the table. */
function relative(seat: number, bottom: number, players: number): number {
  return (seat - bottom + players) % players;
}

/** The table for this size, number of players and viewer (a seat, or -1 watching). */
export function tableLayout(size: Size, players: number, viewer: number): TableLayout {
  const width = Math.max(320, size.width);
  const height = Math.max(360, size.height);
  const compact = width < 640 || width < height * 0.9;
  return compact ? narrowLayout({ width, height }, players, viewer) : wideLayout({ width, height }, players, viewer);
}

function wideLayout(size: Size, players: number, viewer: number): TableLayout {
  const { width, height } = size;
  const k = Math.min(1.25, Math.max(0.75, Math.min(width / 1000, height / 680)));
  const box: Size = { width: Math.round(176 * k), height: Math.round(96 * k) };
  const handCard: Size = { width: Math.round(124 * k), height: Math.round(174 * k) };
  const pileCard: Size = { width: Math.round(70 * k), height: Math.round(98 * k) };
  const miniCard: Size = { width: Math.round(30 * k), height: Math.round(42 * k) };
  const watching = viewer < 0;
  const bottomSeat = watching ? 0 : viewer;
  const handBand = watching ? 0 : handCard.height + 2 * PAD + 14;
  const top = { height: height - handBand };
  const cx = width / 2;
  const others = players - 1;
  // The others on an arc around the upper part: from just below your left, over the top, to your right.
  const cy = watching ? (height - box.height - PAD) / 2 + PAD / 2 : top.height / 2 + PAD / 2;
  const rx = width / 2 - box.width / 2 - PAD;
  const ry = (watching ? height - box.height - 2 * PAD : top.height) / 2 - box.height / 2 - PAD;
  const seats: Rect[] = [];
  for (let s = 0; s < players; s++) {
    const r = relative(s, bottomSeat, players);
    if (r === 0) continue;
    const start = watching ? 150 : 165;
    const span = watching ? 240 : 210;
    const angle = ((start + (span * (r - 0.5)) / others) * Math.PI) / 180;
    seats[s] = centred(cx + rx * Math.cos(angle), cy + ry * Math.sin(angle), box);
  }
  let hand: Rect | null = null;
  if (watching) {
    seats[bottomSeat] = centred(cx, height - PAD - box.height / 2, box);
  } else {
    // Your nameplate at the bottom left, your cards beside it.
    seats[bottomSeat] = rect(PAD, height - PAD - box.height, box.width, box.height);
    hand = rect(PAD * 2 + box.width, height - handBand + PAD, width - box.width - PAD * 3, handBand - 2 * PAD);
  }
  const pileGap = Math.round(26 * k);
  const pileWidth = pileCard.width * 2.4;
  const pileY = cy - pileCard.height / 2 + (watching ? 0 : 6);
  const discard = rect(cx - pileWidth / 2, pileY, pileWidth, pileCard.height + 18);
  const supply = rect(discard.x - pileGap - pileCard.width, pileY, pileCard.width, pileCard.height + 18);
  const centre = rect(discard.x + discard.width + pileGap, pileY, pileCard.width * 1.2, pileCard.height + 18);
  return { size, compact: false, seats, bottomSeat, hand, handCard, miniCard, pileCard, supply, discard, centre };
}

/** Row slots for the others, clockwise from your left: [row, position of `count` across]. */
const ROWS: Readonly<Record<number, readonly (readonly [number, number, number])[]>> = {
  0: [],
  1: [[0, 0, 1]],
  2: [
    [0, 0, 2],
    [0, 1, 2],
  ],
  3: [
    [0, 0, 3],
    [0, 1, 3],
    [0, 2, 3],
  ],
  4: [
    [1, 0, 2],
    [0, 0, 2],
    [0, 1, 2],
    [1, 1, 2],
  ],
  5: [
    [1, 0, 2],
    [0, 0, 3],
    [0, 1, 3],
    [0, 2, 3],
    [1, 1, 2],
  ],
};

function narrowLayout(size: Size, players: number, viewer: number): TableLayout {
  const { width, height } = size;
  const k = Math.min(1.2, Math.max(0.8, width / 390));
  const watching = viewer < 0;
  const bottomSeat = watching ? 0 : viewer;
  const shown = watching ? players : players - 1;
  const perRow = shown <= 3 ? Math.max(1, shown) : 3;
  const box: Size = { width: Math.round(Math.min(132 * k, (width - PAD * (perRow + 1)) / perRow)), height: Math.round(78 * k) };
  const handWidth = Math.round(Math.min(112 * k, (width - PAD * 4) / 3.15));
  const handCard: Size = { width: handWidth, height: Math.round(handWidth * 1.4) };
  const pileCard: Size = { width: Math.round(54 * k), height: Math.round(76 * k) };
  const miniCard: Size = { width: Math.round(22 * k), height: Math.round(31 * k) };
  const strip = 26;
  const seats: Rect[] = [];
  const rowY = (row: number) => PAD + row * (box.height + PAD);
  const slotX = (i: number, count: number) => {
    if (count === 2 && shown >= 4) return i === 0 ? PAD : width - PAD - box.width; // the second row hugs the edges
    const step = (width - 2 * PAD) / count;
    return PAD + step * i + (step - box.width) / 2;
  };
  const order: number[] = [];
  for (let r = watching ? 0 : 1; r < players; r++) order.push(r);
  const slots = watching ? watchingRows(players) : ROWS[players - 1];
  let rowsUsed = 0;
  order.forEach((r, i) => {
    const [row, at, count] = slots[i];
    rowsUsed = Math.max(rowsUsed, row + 1);
    const seat = (bottomSeat + r) % players;
    seats[seat] = rect(slotX(at, count), rowY(row), box.width, box.height);
  });
  const seatsBottom = rowY(rowsUsed) - PAD;
  let hand: Rect | null = null;
  if (!watching) {
    const handHeight = handCard.height + PAD * 2;
    hand = rect(PAD, height - handHeight, width - 2 * PAD, handHeight - PAD);
    seats[bottomSeat] = rect(PAD, hand.y - strip - 2, width - 2 * PAD, strip);
  }
  const pileBottom = watching ? height : seats[bottomSeat].y;
  const pileY = (seatsBottom + pileBottom) / 2 - (pileCard.height + 16) / 2;
  const pileWidth = pileCard.width * 2.3;
  const gap = Math.max(10, (width - pileCard.width - pileWidth - pileCard.width * 1.3 - 4 * PAD) / 2);
  const total = pileCard.width + gap + pileWidth + gap + pileCard.width * 1.3;
  const x0 = (width - total) / 2;
  const supply = rect(x0, pileY, pileCard.width, pileCard.height + 16);
  const discard = rect(x0 + pileCard.width + gap, pileY, pileWidth, pileCard.height + 16);
  const centre = rect(discard.x + discard.width + gap, pileY, pileCard.width * 1.3, pileCard.height + 16);
  return { size, compact: true, seats, bottomSeat, hand, handCard, miniCard, pileCard, supply, discard, centre };
}

/** Someone watching a narrow table: every seat in rows, seat 1 first. */
function watchingRows(players: number): (readonly [number, number, number])[] {
  const first = Math.min(3, players);
  const rows: (readonly [number, number, number])[] = [];
  for (let i = 0; i < players; i++) rows.push(i < first ? [0, i, first] : [1, i - first, players - first]);
  return rows;
}

/** Where each of `count` hand cards lies (and the card just taken, apart on the right). */
export function handSlots(layout: TableLayout, count: number, taken: boolean): Rect[] {
  const hand = layout.hand;
  if (!hand || count + (taken ? 1 : 0) === 0) return [];
  const card = layout.handCard;
  const n = count + (taken ? 1 : 0);
  const gap = Math.round(card.width * 0.08);
  const extra = taken ? card.width * 0.3 : 0;
  const natural = n * card.width + (n - 1) * gap + extra;
  // Too many for the edge: they overlap, the later on top.
  const step = natural <= hand.width ? card.width + gap : (hand.width - card.width - extra) / Math.max(1, n - 1);
  const total = step * (n - 1) + card.width + extra;
  const x0 = hand.x + (hand.width - total) / 2;
  const y = hand.y + hand.height - card.height;
  const slots: Rect[] = [];
  for (let i = 0; i < n; i++) slots.push(rect(x0 + i * step + (taken && i === n - 1 ? extra : 0), y, card.width, card.height));
  return slots;
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function inside(inner: Rect, outer: Size): boolean {
  return inner.x >= 0 && inner.y >= 0 && inner.x + inner.width <= outer.width && inner.y + inner.height <= outer.height;
}

export function centreOf(r: Rect): { x: number; y: number } {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

export function contains(r: Rect, p: { x: number; y: number }): boolean {
  return p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;
}
