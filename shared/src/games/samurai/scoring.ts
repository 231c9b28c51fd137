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

/** The scoring chain of RULES.md, from each seat's captured pieces. */
export function score(captured: readonly PieceCounts[]): Scoring {
  const seats = captured.map((_, s) => s);
  const leaders = [0, 1, 2].map((c) => {
    const most = Math.max(...captured.map((p) => p[c]));
    const holders = seats.filter((s) => captured[s][c] === most);
    return holders.length === 1 ? holders[0] : null;
  });
  const tokens = seats.map((s) => leaders.filter((l) => l === s).length);
  const totals = captured.map((p) => p[0] + p[1] + p[2]);
  const otherCastes = seats.map((s) => captured[s].reduce((sum, n, c) => (leaders[c] === s ? sum : sum + n), 0));

  const key = (s: number) => [tokens[s], otherCastes[s], totals[s]];
  const compare = (a: number, b: number) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return 0;
  };
  const ranking: number[][] = [];
  for (const s of seats.slice().sort((a, b) => compare(a, b) || a - b)) {
    const group = ranking[ranking.length - 1];
    if (group && compare(group[0], s) === 0) group.push(s);
    else ranking.push([s]);
  }

  const maxTokens = Math.max(...tokens);
  let winners: number[];
  let decidedBy: Decider;
  if (maxTokens === 0) {
    const most = Math.max(...totals);
    winners = seats.filter((s) => totals[s] === most);
    decidedBy = 'no-leaders';
  } else {
    const contenders = seats.filter((s) => tokens[s] === maxTokens);
    if (contenders.length === 1) {
      winners = contenders;
      decidedBy = 'most-leaders';
    } else {
      const mostOther = Math.max(...contenders.map((s) => otherCastes[s]));
      const byOther = contenders.filter((s) => otherCastes[s] === mostOther);
      const mostTotal = Math.max(...byOther.map((s) => totals[s]));
      winners = byOther.filter((s) => totals[s] === mostTotal);
      decidedBy = byOther.length === 1 ? 'other-castes' : winners.length === 1 ? 'all-pieces' : 'shared';
    }
  }
  return { leaders, tokens, otherCastes, totals, winners, decidedBy, ranking };
}
