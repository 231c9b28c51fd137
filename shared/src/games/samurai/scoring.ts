import { PieceCounts } from './tiles';

export const DECIDERS = ['most-leaders', 'other-castes', 'all-pieces', 'shared', 'no-leaders'] as const;
/**
 * Which step of the scoring chain decided the game:
 * most-leaders: one seat holds more leader tokens than every other;
 * other-castes: among seats with one token each, most pieces of the castes they do not lead;
 * all-pieces: still tied, most pieces in all; shared: still tied, they share the win;
 * no-leaders: nobody holds a token, most pieces in all (ties share).
 */
export type Decider = (typeof DECIDERS)[number];

export interface Scoring {
  /** Per caste: the seat with strictly the most pieces of it, or null on a tie for most. */
  readonly leaders: (number | null)[];
  /** Per seat: leader tokens held. */
  readonly tokens: number[];
  /** Per seat: pieces of the castes that seat does not lead (the first tie-break). */
  readonly otherCastes: number[];
  /** Per seat: pieces in all. */
  readonly totals: number[];
  readonly winners: number[];
  readonly decidedBy: Decider;
  /** Seats best first; seats in one group are level. Seats without a token rank after holders. */
  readonly ranking: number[][];
}

/** The scoring chain of docs/rules/samurai.md § Scoring, from each seat's captured pieces. */
export function score(captured: readonly PieceCounts[]): Scoring {
  // Plain loops over at most 4 seats and 3 castes: this runs at the end of every simulated game.
  const n = captured.length;
  const leaders: (number | null)[] = [];
  for (let c = 0; c < 3; c++) {
    let most = -Infinity;
    for (let s = 0; s < n; s++) most = Math.max(most, captured[s][c]);
    let holders = 0;
    let holder = -1;
    for (let s = 0; s < n; s++) {
      if (captured[s][c] === most) {
        holders++;
        holder = s;
      }
    }
    leaders.push(holders === 1 ? holder : null);
  }
  const tokens: number[] = [];
  const totals: number[] = [];
  const otherCastes: number[] = [];
  for (let s = 0; s < n; s++) {
    const p = captured[s];
    tokens.push((leaders[0] === s ? 1 : 0) + (leaders[1] === s ? 1 : 0) + (leaders[2] === s ? 1 : 0));
    totals.push(p[0] + p[1] + p[2]);
    let other = 0;
    for (let c = 0; c < p.length; c++) if (leaders[c] !== s) other += p[c];
    otherCastes.push(other);
  }

  // Best first: most tokens, then most pieces of other castes, then most pieces.
  const compare = (a: number, b: number) => tokens[b] - tokens[a] || otherCastes[b] - otherCastes[a] || totals[b] - totals[a];
  const seats: number[] = [];
  for (let s = 0; s < n; s++) seats.push(s);
  const ranking: number[][] = [];
  for (const s of seats.sort((a, b) => compare(a, b) || a - b)) {
    const group = ranking[ranking.length - 1];
    if (group && compare(group[0], s) === 0) group.push(s);
    else ranking.push([s]);
  }

  let winners: number[] = [];
  let decidedBy: Decider;
  const maxTokens = maxOf(tokens, seats);
  if (maxTokens === 0) {
    const most = maxOf(totals, seats);
    for (let s = 0; s < n; s++) if (totals[s] === most) winners.push(s);
    decidedBy = 'no-leaders';
  } else {
    const contenders: number[] = [];
    for (let s = 0; s < n; s++) if (tokens[s] === maxTokens) contenders.push(s);
    if (contenders.length === 1) {
      winners = contenders;
      decidedBy = 'most-leaders';
    } else {
      const mostOther = maxOf(otherCastes, contenders);
      const byOther = contenders.filter((s) => otherCastes[s] === mostOther);
      const mostTotal = maxOf(totals, byOther);
      winners = byOther.filter((s) => totals[s] === mostTotal);
      decidedBy = byOther.length === 1 ? 'other-castes' : winners.length === 1 ? 'all-pieces' : 'shared';
    }
  }
  return { leaders, tokens, otherCastes, totals, winners, decidedBy, ranking };
}

/** The largest of values[s] over the given seats (-Infinity for none, as Math.max gives). */
function maxOf(values: readonly number[], seats: readonly number[]): number {
  let most = -Infinity;
  for (const s of seats) most = Math.max(most, values[s]);
  return most;
}
