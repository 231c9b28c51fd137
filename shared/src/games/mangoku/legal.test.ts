import { checkMove } from './apply';
import { greedyBot } from './bots/greedy-bot';
import { CARD_NAMES } from './cards';
import { askingOf } from './EngineState';
import { legalMoves, listDrawnMove, listMoves, seatsToAct } from './legal';
import { MoveList } from './MoveList';
import { formatMove } from './notation';
import { viewFor } from './projection';
import { ANSWERS, cloneState, GameState, Move, Target } from './state';
import { playSeeded } from './test-helpers';

/** Copies of the states of seeded game i where a player is to act. */
function snapshots(i: number, every = 1): GameState[] {
  const states: GameState[] = [];
  let k = 0;
  // Odd games between greedy bots, even ones between random bots.
  playSeeded(i, (s) => k++ % every === 0 && states.push(cloneState(s)), i % 2 ? Array(6).fill(greedyBot) : undefined);
  return states;
}

/** Every move a seat could send, legal or not: each card with any targets, each answer, each take. */
function candidates(players: number, seat: number): Move[] {
  const targets: Target[] = ['centre', ...Array.from({ length: players + 1 }, (_, s) => s)];
  const moves: Move[] = [];
  for (const card of CARD_NAMES) {
    moves.push({ type: 'play', seat, play: { card } }, { type: 'take', seat, card });
    for (const a of targets) {
      moves.push({ type: 'play', seat, play: { card, targets: [a] } });
      for (const b of targets) moves.push({ type: 'play', seat, play: { card, targets: [a, b] } });
    }
  }
  moves.push({ type: 'play', seat, play: { card: 'peasant', ikki: true } });
  for (const answer of ANSWERS) moves.push({ type: 'answer', seat, answer });
  return moves;
}

/** A move's key with a Commander's two targets in seat order from the player. */
function key(m: Move, players: number): string {
  if (m.type === 'play' && m.play.targets?.length === 2) {
    const order = (t: Target) => (typeof t === 'number' ? (t - m.seat + players) % players : -1);
    return formatMove({ ...m, play: { ...m.play, targets: m.play.targets.slice().sort((a, b) => order(a) - order(b)) } });
  }
  return formatMove(m);
}

describe('legal moves', () => {
  const states = Array.from({ length: 10 }, (_, i) => snapshots(i, 2)).flat();

  it('are exactly the moves checkMove accepts, for every seat at every step', () => {
    expect(states.length).toBeGreaterThan(200);
    const problems: string[] = [];
    for (const s of states) {
      for (let seat = 0; seat < s.players; seat++) {
        const listed = new Set(legalMoves(s, seat).map((m) => key(m, s.players)));
        const accepted = new Set(
          candidates(s.players, seat)
            .filter((m) => !checkMove(s, m))
            .map((m) => key(m, s.players)),
        );
        if ([...listed].sort().join() !== [...accepted].sort().join()) {
          problems.push(`listed ${[...listed].join(' | ')} but accepted ${[...accepted].join(' | ')}`);
        }
        if (listed.size > 0 !== seatsToAct(s).includes(seat)) problems.push(`seat ${seat}: listed moves but not to act, or the reverse`);
      }
      if (problems.length > 5) break;
    }
    expect(problems).toEqual([]);
  });

  it('are the same on the acting seat’s own view, which the server would accept', () => {
    for (const s of states) {
      for (const seat of seatsToAct(s)) {
        const view = viewFor(s, seat);
        expect(legalMoves(view, seat)).toEqual(legalMoves(s, seat));
        for (const m of legalMoves(view, seat)) expect(checkMove(s, m)).toBeNull();
      }
    }
  });

  it('drawn by place, are the moves the whole list holds, each at its place', () => {
    // The random bot draws a place with rng.int(number of moves) and lists that move alone
    // (listDrawnMove): an Rng that answers each place in turn, and notes the number asked.
    const whole = new MoveList();
    const one = new MoveList();
    const kinds = new Set<string>();
    for (const s of states) {
      for (let seat = 0; seat < s.players; seat++) {
        for (const table of [s, viewFor(s, seat)]) {
          const e = askingOf(table);
          listMoves(e, seat, whole);
          for (let k = 0; k < Math.max(1, whole.length); k++) {
            const asked: number[] = [];
            const drawn = listDrawnMove(e, seat, { int: (n) => (asked.push(n), k) }, one);
            if (whole.length === 0) {
              expect([drawn, asked]).toEqual([false, []]);
              continue;
            }
            expect([drawn, asked, one.length, one.move(0, seat)]).toEqual([true, [whole.length], 1, whole.move(k, seat)]);
            kinds.add(whole.type);
          }
        }
      }
    }
    expect([...kinds].sort()).toEqual(['answer', 'play', 'take']);
  });

  it('are empty for a seat not to act, and in another seat’s view', () => {
    for (const s of states.filter((x) => x.step.kind === 'play')) {
      const other = (s.active + 1) % s.players;
      expect(legalMoves(s, other)).toEqual([]);
      expect(legalMoves(viewFor(s, other), s.active)).toEqual([]);
    }
  });
});
