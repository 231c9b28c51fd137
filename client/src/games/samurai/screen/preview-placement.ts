import { Point, Size } from '../board/hex-layout';

/** Where the preview card goes over the board, and how tall it may grow there. */
export interface CardPlacement {
  readonly vertical: 'top' | 'bottom';
  readonly horizontal: 'left' | 'right';
  /** CSS pixels. */
  readonly maxHeight: number;
}

/**
 * Puts the preview card in a corner of the board `area` without covering the previewed target at
 * `target` (area coordinates) nor anything within `clearance` of it: a finger's second tap there
 * plays it, so the card must leave it free. The card goes to the far side; if it is too wide to sit
 * beside the target (a phone), it stays above or below it, where there is more room, and scrolls.
 */
export function placePreviewCard(area: Size, target: Point, clearance: number, card: Size, margin = 8): CardPlacement {
  const horizontal = target.x < area.width / 2 ? 'right' : 'left';
  const besideTarget = horizontal === 'right' ? area.width - margin - card.width >= target.x + clearance : margin + card.width <= target.x - clearance;
  const roomAbove = target.y - clearance - margin;
  const roomBelow = area.height - margin - (target.y + clearance);
  const vertical = roomBelow >= roomAbove ? 'bottom' : 'top';
  const maxHeight = besideTarget ? area.height - 2 * margin : Math.max(roomAbove, roomBelow);
  return { vertical, horizontal, maxHeight: Math.max(0, Math.floor(maxHeight)) };
}
