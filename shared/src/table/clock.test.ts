import {
  CLOCK_IDS,
  CLOCK_RULES,
  Clocks,
  deadlineOf,
  isRunning,
  leftAt,
  newClocks,
  nextClockDeadline,
  dueAfterWait,
  postponeClocks,
  ranOut,
  restoreClocks,
  snapshotClocks,
  startAfterWait,
  timedOut,
  updateClocks,
} from './clock';

const S = 1000;
const perMove = CLOCK_RULES['move-30s'];
const bank = CLOCK_RULES['bank-10m-10s'];
const owing = (players: number, ...seats: number[]) => Array.from({ length: players }, (_, s) => seats.includes(s));

describe('a time per move', () => {
  it('runs for the seat that owes, and runs out 30 s after its move began', () => {
    let clocks = newClocks(perMove, 2);
    expect(nextClockDeadline(clocks)).toBe(Infinity);
    clocks = updateClocks(clocks, owing(2, 0), 1000);
    expect(isRunning(clocks, 0)).toBe(true);
    expect(isRunning(clocks, 1)).toBe(false);
    expect(deadlineOf(clocks, 0)).toBe(1000 + 30 * S);
    expect(leftAt(clocks, 0, 11_000)).toBe(20 * S);
    expect(ranOut(clocks, 30_999)).toEqual([]);
    expect(ranOut(clocks, 31_000)).toEqual([0]);
  });
  it('gives every move the full time again, however long the last one took (stopped, a clock shows what it had left)', () => {
    let clocks = updateClocks(newClocks(perMove, 2), owing(2, 0), 0);
    clocks = updateClocks(clocks, owing(2, 1), 25 * S);
    expect(leftAt(clocks, 0, 99 * S)).toBe(5 * S);
    expect(deadlineOf(clocks, 1)).toBe(55 * S);
    clocks = updateClocks(clocks, owing(2, 0), 26 * S);
    expect(deadlineOf(clocks, 0)).toBe(56 * S);
  });
  it('does not restart while the same seat goes on owing (a turn of several plays is one move)', () => {
    const clocks = updateClocks(newClocks(perMove, 2), owing(2, 0), 0);
    expect(updateClocks(clocks, owing(2, 0), 20 * S)).toBe(clocks);
  });
});

describe('a time bank with an increment', () => {
  it('adds the increment as each move starts and takes the time used off the bank', () => {
    let clocks = updateClocks(newClocks(bank, 2), owing(2, 0), 0);
    expect(leftAt(clocks, 0, 0)).toBe(610 * S);
    clocks = updateClocks(clocks, owing(2, 1), 70 * S);
    expect(leftAt(clocks, 0, 999 * S)).toBe(540 * S); // stopped: it stays
    clocks = updateClocks(clocks, owing(2, 0), 100 * S);
    expect(deadlineOf(clocks, 0)).toBe(100 * S + 550 * S);
  });
  it('an empty bank still leaves the increment for each move', () => {
    let clocks = timedOut(updateClocks(newClocks(bank, 2), owing(2, 0), 0), 0);
    expect(leftAt(clocks, 0, 700 * S)).toBe(0);
    clocks = updateClocks(clocks, owing(2, 0), 700 * S);
    expect(deadlineOf(clocks, 0)).toBe(710 * S);
  });
});

describe('several seats owing at once', () => {
  it('each runs on its own, and stops when its own move is made (starting hands chosen at once)', () => {
    let clocks = updateClocks(newClocks(bank, 3), owing(3, 0, 1, 2), 0);
    expect([0, 1, 2].map((s) => isRunning(clocks, s))).toEqual([true, true, true]);
    clocks = updateClocks(clocks, owing(3, 0, 2), 30 * S);
    expect(isRunning(clocks, 1)).toBe(false);
    expect(leftAt(clocks, 1, 90 * S)).toBe(580 * S);
    expect(leftAt(clocks, 2, 90 * S)).toBe(520 * S);
    expect(nextClockDeadline(clocks)).toBe(610 * S);
    expect(ranOut(clocks, 610 * S)).toEqual([0, 2]);
  });
});

describe('nobody owing a move', () => {
  it('pauses every clock; the seat that owes again carries on with what it had left (a prompt mid-turn)', () => {
    let clocks = updateClocks(newClocks(perMove, 3), owing(3, 1), 0);
    clocks = updateClocks(clocks, owing(3), 10 * S); // a prompt: the answers are timed by the prompt itself
    expect(isRunning(clocks, 1)).toBe(false);
    expect(nextClockDeadline(clocks)).toBe(Infinity);
    expect(leftAt(clocks, 1, 500 * S)).toBe(20 * S);
    clocks = updateClocks(clocks, owing(3, 1), 40 * S);
    expect(deadlineOf(clocks, 1)).toBe(60 * S);
  });
  it('a paused seat whose move is over by the time anyone owes again has finished its move', () => {
    let clocks = updateClocks(newClocks(bank, 2), owing(2, 0), 0);
    clocks = updateClocks(clocks, owing(2), 10 * S);
    clocks = updateClocks(clocks, owing(2, 1), 50 * S);
    expect(isRunning(clocks, 0)).toBe(false);
    expect(clocks.seats[0].paused).toBe(false);
    clocks = updateClocks(clocks, owing(2, 0), 60 * S);
    // 610 - 10 used, then the next move's increment.
    expect(leftAt(clocks, 0, 60 * S)).toBe(610 * S);
  });
});

describe('a bot’s turn between two of a person’s', () => {
  // Ann against a bot: when her move is done the game waits for the bot, which no clock times.
  it('ends the person’s move: per move, the next starts with the full time', () => {
    let clocks = updateClocks(newClocks(perMove, 2), owing(2, 0), 0, true);
    clocks = updateClocks(clocks, owing(2), 10 * S, true);
    expect(clocks.seats[0]).toEqual({ leftMs: 20 * S, since: null, paused: false });
    clocks = updateClocks(clocks, owing(2, 0), 11 * S, true);
    expect(deadlineOf(clocks, 0)).toBe(41 * S);
  });
  it('ends the person’s move: on a bank, the next adds the increment', () => {
    let clocks = updateClocks(newClocks(bank, 2), owing(2, 0), 0, true);
    clocks = updateClocks(clocks, owing(2), 10 * S, true);
    clocks = updateClocks(clocks, owing(2, 0), 11 * S, true);
    // 610 - 10 used, then the next move's increment.
    expect(leftAt(clocks, 0, 11 * S)).toBe(610 * S);
  });
});

describe('running out', () => {
  it('ends the move: the seat starts a fresh one when its person takes it back', () => {
    let clocks = updateClocks(newClocks(perMove, 2), owing(2, 0), 0);
    clocks = timedOut(clocks, 0);
    expect(isRunning(clocks, 0)).toBe(false);
    // The bot plays: nobody (no person) owes for a moment, then the person is back mid-turn.
    clocks = updateClocks(clocks, owing(2), 31 * S);
    clocks = updateClocks(clocks, owing(2, 0), 33 * S);
    expect(deadlineOf(clocks, 0)).toBe(63 * S);
  });
});

describe('no clock', () => {
  it('never runs', () => {
    const clocks = newClocks(CLOCK_RULES.none, 2);
    expect(updateClocks(clocks, owing(2, 0, 1), 5)).toBe(clocks);
    expect(nextClockDeadline(clocks)).toBe(Infinity);
  });
});

describe('a restart', () => {
  it('a running clock resumes with the time it had left when written down', () => {
    let clocks: Clocks = updateClocks(newClocks(bank, 2), owing(2, 1), 0);
    clocks = updateClocks(clocks, owing(2, 0), 100 * S);
    const snapshot = JSON.parse(JSON.stringify(snapshotClocks(clocks, 160 * S)));
    const restored = restoreClocks(bank, snapshot, 2, 1_000_000 * S);
    expect(leftAt(restored, 1, 0)).toBe(510 * S);
    expect(isRunning(restored, 0)).toBe(true);
    expect(deadlineOf(restored, 0)).toBe(1_000_000 * S + 550 * S);
  });
  it('a snapshot that does not fit gives fresh clocks', () => {
    expect(restoreClocks(bank, { seats: [] }, 2, 0)).toEqual(newClocks(bank, 2));
    expect(restoreClocks(bank, null, 2, 0)).toEqual(newClocks(bank, 2));
  });
});

describe('a time that stood still (the room waited for its storage)', () => {
  it('a running clock carries on from where it stood when the wait began; a stopped one is untouched', () => {
    const clocks = updateClocks(newClocks(perMove, 2), owing(2, 0), 10 * S);
    // Held from 20 s to 50 s: 10 s of the move were used before, 20 s are left after.
    const after = postponeClocks(clocks, 20 * S, 50 * S);
    expect(leftAt(after, 0, 50 * S)).toBe(20 * S);
    expect(deadlineOf(after, 0)).toBe(70 * S);
    expect(after.seats[1]).toBe(clocks.seats[1]);
    expect(postponeClocks(newClocks(perMove, 2), 20 * S, 50 * S)).toEqual(newClocks(perMove, 2));
  });
  it('a start before the wait moves later by the whole wait; one during it, to its end; one after it, not at all', () => {
    expect(startAfterWait(5 * S, 20 * S, 50 * S)).toBe(35 * S);
    expect(startAfterWait(30 * S, 20 * S, 50 * S)).toBe(50 * S);
    expect(startAfterWait(60 * S, 20 * S, 50 * S)).toBe(60 * S);
  });
  it('a deadline still to come when the wait began is as far off after it; one due before it stays due', () => {
    expect(dueAfterWait(30 * S, 20 * S, 50 * S)).toBe(60 * S);
    expect(dueAfterWait(60 * S, 20 * S, 50 * S)).toBe(90 * S);
    expect(dueAfterWait(15 * S, 20 * S, 50 * S)).toBe(15 * S);
  });
});

test('every preset has a rule', () => {
  for (const id of CLOCK_IDS) expect(CLOCK_RULES[id]).toBeDefined();
});
