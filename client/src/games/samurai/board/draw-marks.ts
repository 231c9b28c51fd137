/** The board's marks, drawn for the drawn camera: recent plays, targets, selection, preview, inspected, pointed, focus. */
import type { Graphics } from 'pixi.js';
import { HEXES, SETTLEMENTS, Table } from '@samurai/shared';
import type { SeatLook } from '../../../ui/seat-look';
import type { BoardCamera } from './BoardCamera';
import type { BoardMarks, PieceRef } from './board-marks';
import { castesIn, pieceSlots, Point } from './hex-layout';
import { HIGHLIGHT } from './theme';

/** A piece's disc on the drawn layers (null when its settlement does not hold it, or before there is a game). */
export function pieceOnScreen(table: Table | null, camera: BoardCamera, piece: PieceRef): (Point & { radius: number }) | null {
  if (!table || piece.settlement < 0) return null;
  const castes = castesIn(table.pieces[piece.settlement]);
  const at = castes.indexOf(piece.caste);
  if (at < 0) return null;
  const slots = pieceSlots(castes.length, camera.drawn.angle);
  const centre = camera.toDrawn(SETTLEMENTS[piece.settlement].hex);
  const r = camera.drawn.scale;
  return { x: centre.x + slots.offsets[at].x * r, y: centre.y + slots.offsets[at].y * r, radius: slots.radius * r };
}

/** The hexes of the last turn (white) and of the turn in progress, under the tiles. */
export function drawRecent(g: Graphics, marks: BoardMarks, camera: BoardCamera): void {
  const r = camera.drawn.scale;
  g.clear();
  for (const h of marks.lastHexes) g.poly(camera.hexPath(camera.toDrawn(h), r * 0.99)).fill({ color: 0xffffff, alpha: 0.85 });
  for (const h of marks.currentHexes) g.poly(camera.hexPath(camera.toDrawn(h), r * 0.99)).fill({ color: HIGHLIGHT.selected, alpha: 0.9 });
}

/** A target: a bright rim around the hex and a dot in its middle, readable on sand and on sea; a ring around a piece. */
export function drawTargets(g: Graphics, marks: BoardMarks, camera: BoardCamera, shown: Table | null): void {
  const r = camera.drawn.scale;
  g.clear();
  for (const h of marks.targetHexes) {
    const c = camera.toDrawn(h);
    g.poly(camera.hexPath(c, r * 0.84))
      .fill({ color: HIGHLIGHT.target, alpha: 0.5 })
      .stroke({ width: Math.max(2, r * 0.09), color: HIGHLIGHT.target });
    g.circle(c.x, c.y, r * 0.2)
      .fill(HIGHLIGHT.target)
      .stroke({ width: Math.max(1.5, r * 0.07), color: HIGHLIGHT.targetInk });
  }
  for (const piece of marks.targetPieces) {
    const p = pieceOnScreen(shown, camera, piece);
    if (!p) continue;
    g.circle(p.x, p.y, p.radius * 1.3).stroke({ width: Math.max(3, r * 0.12), color: HIGHLIGHT.targetInk });
    g.circle(p.x, p.y, p.radius * 1.3).stroke({ width: Math.max(2, r * 0.07), color: HIGHLIGHT.target });
  }
}

/** The selection, the preview's places and captures, the inspected settlement, hexes a log line points at, the keyboard's focus. */
export function drawMarks(g: Graphics, marks: BoardMarks, camera: BoardCamera, shown: Table | null, seats: readonly SeatLook[]): void {
  const r = camera.drawn.scale;
  const hexPath = (h: number, k: number) => camera.hexPath(camera.toDrawn(h), r * k);
  g.clear();
  if (marks.selectedHex >= 0) g.poly(hexPath(marks.selectedHex, 0.92)).stroke({ width: Math.max(2, r * 0.14), color: HIGHLIGHT.selected });
  if (marks.selectedPiece) {
    const p = pieceOnScreen(shown, camera, marks.selectedPiece);
    if (p) g.circle(p.x, p.y, p.radius * 1.3).stroke({ width: Math.max(2, r * 0.12), color: HIGHLIGHT.selected });
  }
  const preview = marks.preview;
  if (preview) {
    for (const s of preview.settlements)
      g.poly(hexPath(SETTLEMENTS[s].hex, 1.04)).stroke({ width: Math.max(2, r * 0.09), color: HIGHLIGHT.selected, alpha: 0.95 });
    for (const h of preview.hexes) g.poly(hexPath(h, 0.93)).stroke({ width: Math.max(2, r * 0.1), color: HIGHLIGHT.selected });
    // A piece that would leave the board: a bold ring in the colour of whoever takes it (grey: set aside).
    for (const capture of preview.captures) {
      const p = pieceOnScreen(shown, camera, { settlement: capture.settlement, caste: capture.caste });
      if (!p) continue;
      const look = capture.seat === null ? null : seats[capture.seat];
      g.circle(p.x, p.y, p.radius * 1.5).stroke({ width: Math.max(4, r * 0.16), color: 0x111111 });
      g.circle(p.x, p.y, p.radius * 1.5).stroke({ width: Math.max(2.5, r * 0.1), color: look?.color ?? 0x9aa5b1 });
    }
  }
  if (marks.inspected >= 0) {
    g.poly(hexPath(SETTLEMENTS[marks.inspected].hex, 1.02)).stroke({ width: Math.max(1.5, r * 0.06), color: 0xffffff, alpha: 0.9 });
  }
  for (const h of marks.pointedHexes) {
    g.poly(hexPath(h, 1.05))
      .stroke({ width: Math.max(4, r * 0.18), color: HIGHLIGHT.targetInk })
      .stroke({ width: Math.max(2, r * 0.1), color: HIGHLIGHT.selected });
  }
  if (marks.focusHex >= 0) {
    const piece = marks.focusCaste >= 0 ? pieceOnScreen(shown, camera, { settlement: HEXES[marks.focusHex].settlement, caste: marks.focusCaste }) : null;
    if (piece) {
      g.circle(piece.x, piece.y, piece.radius * 1.45).stroke({ width: Math.max(3, r * 0.1), color: HIGHLIGHT.focus });
      g.circle(piece.x, piece.y, piece.radius * 1.6).stroke({ width: Math.max(1.5, r * 0.05), color: 0xffffff });
    } else {
      g.poly(hexPath(marks.focusHex, 0.9)).stroke({ width: Math.max(3, r * 0.12), color: HIGHLIGHT.focus });
      g.poly(hexPath(marks.focusHex, 1.02)).stroke({ width: Math.max(1.5, r * 0.05), color: 0xffffff });
    }
  }
}
