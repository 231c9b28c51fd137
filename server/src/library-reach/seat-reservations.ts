import type { Room } from '@colyseus/core';

/*
 * Reach into @colyseus/core 0.16.26 (pinned exactly): Room's protected `reservedSeats` and
 * `reservedSeatTimeouts` (session id → reservation, and → the timer that drops it).
 *
 * Why: a table must know whether anyone is on their way in (a reserved seat not yet taken) before
 * it leaves memory; and the library leaves the 15-second timers of reservations nobody used
 * running after a room closes (each holding the closed room: a creation flood would pile them
 * up), and a copy of a room another process has taken over must not keep the seats it reserved
 * meanwhile. seat-reservations.test.ts fails if an upgrade renames or reshapes these fields.
 */

interface Reservations {
  reservedSeats: Record<string, unknown>;
  reservedSeatTimeouts: Record<string, NodeJS.Timeout>;
}

function reservationsOf(room: Room): Reservations {
  return room as unknown as Reservations;
}

/** How many seats of the room are reserved and not yet taken. */
export function reservedSeatCount(room: Room): number {
  return Object.keys(reservationsOf(room).reservedSeats).length;
}

/** Stops the timers of the room's seat reservations (and, with `forget`, drops the reservations). */
export function dropSeatReservations(room: Room, forget: boolean): void {
  const reservations = reservationsOf(room);
  for (const timer of Object.values(reservations.reservedSeatTimeouts)) clearTimeout(timer);
  reservations.reservedSeatTimeouts = {};
  if (forget) reservations.reservedSeats = {};
}
