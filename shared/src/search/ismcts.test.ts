import { Rng, seededRng } from '../random';
import { search, SearchGame, winShares } from './ismcts';

/**
 * Nim: take 1 to 3 from a pile, the one who takes the last wins. No secrets: every world is the
 * same. `moved` is told of every move played (a test's clock).
 */
function nim(pile: number, moved = () => {}): SearchGame<{ pile: number; seat: number }> {
  return {
    players: 2,
    determinize: () => ({ pile, seat: 0 }),
    toAct: (s) => (s.pile === 0 ? -1 : s.seat),
    moves(s, _, out) {
      let n = 0;
      for (let take = 1; take <= Math.min(3, s.pile); take++) out[n++] = take;
      return n;
    },
    play(s, _, take) {
      moved();
      s.pile -= take;
      s.seat = 1 - s.seat;
    },
    rollout(s, rng, rewards, expired) {
      while (s.pile > 0) {
        if (expired()) return false;
        moved();
        s.pile -= 1 + rng.int(Math.min(3, s.pile));
        s.seat = 1 - s.seat;
      }
      winShares([1 - s.seat], rewards);
      return true;
    },
  };
}

/**
 * Seat 0 plays safe (a coin toss) or bold (wins, unless seat 1 holds the trap and springs it).
 * Seat 1 holds the trap in a share `trapOdds` of the worlds seat 0 draws: springing it is a move
 * available in those worlds only.
 */
function trap(trapOdds: number): SearchGame<{ trap: boolean; bold: boolean | null; sprung: boolean | null }> {
  const SAFE = 1;
  const BOLD = 2;
  const SPRING = 3;
  const WAIT = 4;
  return {
    players: 2,
    determinize: (rng: Rng) => ({ trap: rng.int(100) < trapOdds * 100, bold: null, sprung: null }),
    toAct: (s) => (s.bold === null ? 0 : s.bold && s.sprung === null ? 1 : -1),
    moves(s, seat, out) {
      if (seat === 0) {
        out[0] = SAFE;
        out[1] = BOLD;
        return 2;
      }
      out[0] = WAIT;
      if (s.trap) out[1] = SPRING;
      return s.trap ? 2 : 1;
    },
    play(s, seat, key) {
      if (seat === 0) s.bold = key === BOLD;
      else s.sprung = key === SPRING;
    },
    rollout(s, rng, rewards) {
      const won = s.bold ? !s.sprung : rng.int(2) === 0;
      winShares([won ? 0 : 1], rewards);
      return true;
    },
  };
}

/**
 * Three seats. Seat 0 picks a branch; in it, seat 1 picks one of two outcomes for the table.
 * Left looks best for seat 0, but seat 1 would choose the outcome worth nothing to it there.
 */
const OUTCOMES: Record<number, number[][]> = {
  1: [
    [1, 0, 0],
    [0, 0.6, 0.4],
  ],
  2: [
    [0.5, 0.5, 0],
    [0.4, 0.4, 0.2],
  ],
};
function kingmaker(): SearchGame<{ branch: number; outcome: number }> {
  return {
    players: 3,
    determinize: () => ({ branch: 0, outcome: -1 }),
    toAct: (s) => (s.branch === 0 ? 0 : s.outcome < 0 ? 1 : -1),
    moves(_, seat, out) {
      out[0] = seat === 0 ? 1 : 10;
      out[1] = seat === 0 ? 2 : 11;
      return 2;
    },
    play(s, seat, key) {
      if (seat === 0) s.branch = key;
      else s.outcome = key - 10;
    },
    rollout(s, rng, rewards) {
      rewards.set(OUTCOMES[s.branch][s.outcome < 0 ? rng.int(2) : s.outcome]);
      return true;
    },
  };
}

describe('information-set MCTS', () => {
  it('finds the winning move of a game without secrets (Nim from 5: take 1)', () => {
    expect(search(nim(5), 0, seededRng(1), { iterations: 3000 }).key).toBe(1);
    expect(search(nim(7), 0, seededRng(2), { iterations: 3000 }).key).toBe(3);
  });

  it('gives the same answer for the same seed and budget, and spends exactly the budget', () => {
    const a = search(nim(9), 0, seededRng(5), { iterations: 500 });
    const b = search(nim(9), 0, seededRng(5), { iterations: 500 });
    expect(a).toEqual(b);
    expect(a.iterations).toBe(500);
    expect(a.root.reduce((n, c) => n + c.visits, 0)).toBe(500);
  });

  it('weighs a reply by the worlds it is available in', () => {
    // Bold wins 80% of the worlds when the trap is rare, 20% when it is common; safe wins 50%.
    const rare = search(trap(0.2), 0, seededRng(3), { iterations: 4000 });
    const common = search(trap(0.8), 0, seededRng(3), { iterations: 4000 });
    expect(rare.key).toBe(2);
    expect(common.key).toBe(1);
    expect(rare.root.find((c) => c.key === 2)!.mean).toBeGreaterThan(0.7);
    expect(common.root.find((c) => c.key === 2)!.mean).toBeLessThan(0.35);
  });

  it('lets each seat choose by its own reward, with more than two seats', () => {
    const result = search(kingmaker(), 0, seededRng(4), { iterations: 2000 });
    expect(result.key).toBe(2);
    expect(result.root.find((c) => c.key === 1)!.mean).toBeLessThan(0.2);
  });

  it('lets a seat follow the move listed first (its model of play), as strongly as the policy bias says', () => {
    // Listed first, seat 1's move is the outcome worth nothing to it; followed, left is best for seat 0.
    expect(search(kingmaker(), 0, seededRng(4), { iterations: 2000, policyBias: 1000 }).key).toBe(1);
    expect(search(kingmaker(), 0, seededRng(4), { iterations: 2000, policyBias: 0.01 }).key).toBe(2);
  });

  /** A clock that moves on 1 ms a move played, and the moves played once it has passed `timeMs`. */
  function timedNim(pile: number, timeMs: number, seed: number) {
    let clock = 0;
    let late = 0;
    const result = search(
      nim(pile, () => {
        clock++;
        if (clock > timeMs) late++;
      }),
      0,
      seededRng(seed),
      { iterations: 1_000_000, timeMs, now: () => clock },
    );
    return { result, late };
  }

  it('stops at its deadline, by the clock it is handed, and counts only the iterations played out', () => {
    // A rollout of a pile of 20 is about 10 moves: about 100 iterations fit in 1,000 ms.
    const { result, late } = timedNim(20, 1_000, 6);
    expect(result.iterations).toBeGreaterThan(20);
    expect(result.iterations).toBeLessThan(200);
    expect(result.root.reduce((n, c) => n + c.visits, 0)).toBe(result.iterations);
    // The clock is read every few moves of a rollout: the last iteration is cut within them.
    expect(late).toBeLessThanOrEqual(4);
  });

  it('cuts a rollout longer than its time at the deadline, and then takes the move listed first', () => {
    // A rollout of 50,000 tokens is some 25,000 moves: none ends within 100 ms.
    const { result, late } = timedNim(50_000, 100, 8);
    expect(late).toBeLessThanOrEqual(4);
    expect(result).toEqual({ key: 1, iterations: 0, root: [] });
  });

  it('does not search a decision with one move', () => {
    expect(search(nim(1), 0, seededRng(7), { iterations: 100 })).toEqual({ key: 1, iterations: 0, root: [{ key: 1, visits: 0, mean: 0 }] });
  });
});
