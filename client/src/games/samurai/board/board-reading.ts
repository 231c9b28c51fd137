/** Pure readings of the board for display: who leads where, and what the browser can draw fast. */
import { influence, Table } from '@samurai/shared';

/** Per caste: the seat with strictly the most influence on it at this settlement (above 0), or null. */
export function leadersAt(table: Table, settlement: number): (number | null)[] {
  const sums = influence(table, settlement);
  return [0, 1, 2].map((c) => {
    let best = 0;
    let leader: number | null = null;
    sums.forEach((perCaste, seat) => {
      if (perCaste[c] > best) {
        best = perCaste[c];
        leader = seat;
      } else if (perCaste[c] === best) leader = null;
    });
    return leader;
  });
}
