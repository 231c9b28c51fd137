import type { RoomEvent } from './game-store';

/**
 * Whether an append is in the log already: `stored` (the log's events from the append's first seq
 * to its last, in seq order) are its events exactly. So a retry of an append that was written but
 * whose answer was lost is told apart from a seq taken by other events (two writers: refused).
 */
export function alreadyWritten(events: readonly RoomEvent[], stored: readonly RoomEvent[]): boolean {
  if (stored.length !== events.length) return false;
  return events.every((event, i) => stored[i].seq === event.seq && stored[i].kind === event.kind && stored[i].data === event.data);
}
