import { CLOCK_RULES } from '@samurai/shared';
import { GENEROUS_TABLE_LIMITS, useTestServer } from '../../test-support/boot';
import { TableClient } from '../../test-support/TableClient';
import { SamuraiClient } from './test-support/SamuraiClient';

jest.setTimeout(60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The room's bot waits this long before each of its moves: long enough to take the seat back before it moves. */
const BOT_DELAY_MS = 1000;

describe('with a clock, while every seat chooses its starting hand', () => {
  const BANK_MS = 4000;
  const INCREMENT_MS = 500;
  const server = useTestServer({
    clockRules: { ...CLOCK_RULES, 'bank-5m-5s': { kind: 'bank', bankMs: BANK_MS, incrementMs: INCREMENT_MS } },
    tableLimits: { ...GENEROUS_TABLE_LIMITS, seatHandoverMs: 100 },
  });

  /** A seat's time as the server has it now (tenths of a second). */
  const exactClock = (code: string, seat: number) => TableClient.clockLeft(server.url, code, seat);

  test('handing the seat to the bot and taking it back adds no increment to a bank', async () => {
    // Starting hands: both owe at once, so a seat that stops owing has (as the clocks see it) finished its move.
    const ann = await SamuraiClient.create(server.url, {
      name: 'Ann',
      options: { players: 2, startingHands: 'chosen', clock: 'bank-5m-5s', botDelayMs: BOT_DELAY_MS },
    });
    const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
    await ann.must('start');
    await ann.waitFor((s) => s.phase === 'hands' && s.clockRunning === 0b11, 5000, 'both clocks running');
    const before = await exactClock(ann.code, 1);
    for (let i = 0; i < 6; i++) {
      await bob.must('standIn', { seat: 1 });
      await pause(150);
      await bob.must('resume');
      await pause(150);
    }
    const after = await exactClock(ann.code, 1);
    expect(after).toBeLessThanOrEqual(before);
    await Promise.all([ann.leave(), bob.leave()]);
  });
});
