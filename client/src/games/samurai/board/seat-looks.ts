import { inkFor } from '../../../ui/colour';
import { MarkName, SeatLook } from '../../../ui/seat-look';

/** Okabe–Ito colours, told apart by people with any common colour-vision deficiency, each with its own mark. */
export const DEFAULT_SEAT_LOOKS: readonly SeatLook[] = [
  look('Vermilion', 0xd55e00, 'circle'),
  look('Blue', 0x0072b2, 'square'),
  look('Green', 0x009e73, 'triangle'),
  look('Purple', 0xcc79a7, 'diamond'),
];

function look(name: string, color: number, mark: MarkName): SeatLook {
  return { name, color, ink: inkFor(color), mark };
}
