import { CLOCK_RULES, RoomError } from '@samurai/shared';
import { GENEROUS_TABLE_LIMITS, TestServer, useTestServer } from './test-support/boot';
import { TableClient } from './test-support/TableClient';

jest.setTimeout(60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The room's bot waits this long before each of its moves: long enough to take the seat back before it moves. */
const BOT_DELAY_MS = 1000;

/** A 2-player game waiting for Bob's move (Ann, the host, has made hers); `owed`, the position Bob owes a move in. */
async function bobsTurn(server: TestServer, options: object = {}): Promise<{ ann: TableClient; bob: TableClient; owed: string }> {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2, botDelayMs: BOT_DELAY_MS, ...options } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');
  ann.autoPlay();
  await ann.waitFor(() => !ann.owesMove(), 10_000, "Ann's move made");
  await bob.waitFor(() => bob.owesMove(), 10_000, "Bob's move");
  ann.stopAutoPlay();
  return { ann, bob, owed: bob.positionKey() };
}

/** Whether the move Bob owed in position `owed` has been made (by whoever), or the game is over. */
const madeOrOver = (client: TableClient, owed: string) => client.state.phase === 'over' || client.positionKey() !== owed;

/**
 * Bob hands his seat to the bot and takes it back before the bot moves, again and again, never
 * moving himself (the stalling of issue 21): `heldMs` with the bot, `backMs` his own.
 */
function cycling(bob: TableClient, heldMs: number, backMs: number): { stop(): Promise<void> } {
  let on = true;
  const loop = (async () => {
    while (on) {
      bob.sendRaw('standIn', { seat: 1 });
      await pause(heldMs);
      bob.sendRaw('resume');
      await pause(backMs);
    }
  })();
  return {
    stop: async () => {
      on = false;
      await loop;
    },
  };
}

describe('with no clock', () => {
  const IDLE_MS = 1500;
  const server = useTestServer({ idleAfterMs: IDLE_MS, tableLimits: { ...GENEROUS_TABLE_LIMITS, seatHandoverMs: 100 } });

  test("a player who keeps handing his seat to the bot and taking it back still turns idle, and the host's stand-in makes his move", async () => {
    const { ann, bob, owed } = await bobsTurn(server);
    const bobs = cycling(bob, 150, 400);
    try {
      // Idle for everyone to see (the host's button) once he has owed his move the idle time, cycling or not.
      await ann.waitFor((s) => s.seats[1].idle, 10 * IDLE_MS, 'Bob idle');
      // The host asks for the bot, again and again, whatever Bob sends, until it has made his move.
      const host = setInterval(() => ann.sendRaw('standIn', { seat: 1 }), 200);
      try {
        await bob.waitFor(() => madeOrOver(bob, owed), 10 * IDLE_MS, "the bot's move for Bob");
      } finally {
        clearInterval(host);
      }
    } finally {
      await bobs.stop();
    }
    await Promise.all([ann.leave(), bob.leave()]);
  });

  test('the bot the host gave an idle player makes the move they kept the table waiting for: "I\'m back", a move or a reconnection take the seat back only after it', async () => {
    const { ann, bob, owed } = await bobsTurn(server);
    await ann.waitFor((s) => s.seats[1].idle, 10 * IDLE_MS, 'Bob idle');
    await ann.must('standIn', { seat: 1 });
    expect(await bob.expectError('resume')).toMatchObject({ code: RoomError.BotMoving });
    const move = bob.contract.request(bob.chooseMove());
    expect(await bob.expectError(move.type, move.payload)).toMatchObject({ code: RoomError.BotMoving });
    // A reconnection: his seat again, the bot still on his move.
    bob.drop();
    await ann.waitFor((s) => !s.seats[1].connected, 5000, 'Bob gone');
    const bobAgain = await TableClient.join(server.url, ann.code, { seatToken: bob.seatToken });
    expect(bobAgain.state.seats[1].connected).toBe(true);
    expect(bobAgain.state.seats[1].bot).not.toBe('');
    // Nothing he sent took the move from the bot, which makes it.
    await bobAgain.waitFor(() => madeOrOver(bobAgain, owed), 30_000, "the bot's move for Bob");
    expect(bobAgain.positionKey()).not.toBe(owed);
    await bobAgain.must('resume');
    expect(bobAgain.state.seats[1].bot).toBe('');
    await Promise.all([ann.leave(), bobAgain.leave()]);
  });
});

describe('with a clock', () => {
  const MOVE_MS = 8000;
  const server = useTestServer({
    clockRules: { ...CLOCK_RULES, 'move-30s': { kind: 'move', moveMs: MOVE_MS } },
    tableLimits: { ...GENEROUS_TABLE_LIMITS, seatHandoverMs: 100 },
  });

  /** A seat's time as the server has it now (tenths of a second). */
  const exactClock = (code: string, seat: number) => TableClient.clockLeft(server.url, code, seat);

  test('a time per move runs on while its person hands the seat to the bot and takes it back', async () => {
    const { ann, bob, owed } = await bobsTurn(server, { clock: 'move-30s' });
    const before = await exactClock(ann.code, 1);
    const started = Date.now();
    // Mostly with the bot, never long enough for it to move.
    const bobs = cycling(bob, 600, 100);
    await pause(2500);
    await bobs.stop();
    await bob.must('resume').catch(() => undefined); // (back, if the loop stopped while the bot held the seat)
    // What surely went by between the two readings: from the first one's answer to asking for the
    // second (a spectator's join and leave, which take long on a busy machine, left out).
    const elapsedTenths = (Date.now() - started) / 100;
    const after = await exactClock(ann.code, 1);
    // His clock lost what went by (less a margin for the requests' own time), not a part of it.
    expect(before - after).toBeGreaterThanOrEqual(elapsedTenths - 5);
    expect(bob.positionKey()).toBe(owed); // still his move: the bot never made it
    await Promise.all([ann.leave(), bob.leave()]);
  });
});

describe('at the production pace', () => {
  const server = useTestServer({ tableLimits: { ...GENEROUS_TABLE_LIMITS, seatHandoverMs: 60_000 } });

  test('a person hands their seat to the bot, and takes it back, once each a while', async () => {
    const { ann, bob } = await bobsTurn(server);
    await bob.must('standIn', { seat: 1 });
    await bob.must('resume');
    const again = await bob.request('standIn', { seat: 1 });
    expect(again).toMatchObject({ code: RoomError.TooSoon });
    expect(again!.detail).toMatch(/^You may hand your seat to the bot once every 60 s: again in \d+ s\.$/);
    expect(bob.state.seats[1].bot).toBe('');
    // The host's own remedies are not limited: for a player away, at once.
    bob.drop();
    await ann.waitFor((s) => !s.seats[1].connected, 5000, 'Bob gone');
    await ann.must('standIn', { seat: 1 });
    await Promise.all([ann.leave()]);
  });
});
