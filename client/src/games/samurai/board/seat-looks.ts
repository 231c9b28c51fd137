import { SEAT_COLOURS } from '@samurai/shared';
import { lookOf, SeatLook } from '../../../ui/seat-look';

/** The table's seat colours in order, each with its mark: for the board harness, where nobody picks. */
export const DEFAULT_SEAT_LOOKS: readonly SeatLook[] = SEAT_COLOURS.map((c) => lookOf(c.id));
