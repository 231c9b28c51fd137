import { mangoku } from '@samurai/shared';
import { botPool, configureBots } from '../../bots/BotPool';
import { useBotThreadServer } from '../../test-support/bot-threads';
import { MangokuClient } from './test-support/MangokuClient';

// The bot thread compiles the engines through tsx before it thinks at all; games take a while.
jest.setTimeout(180_000);

const server = useBotThreadServer();

describe('expert bots in a Mangoku room', () => {
  it('answer prompts and play a whole Mangoku game', async () => {
    configureBots({ threads: 1, turnMs: 200, promptMs: 100, iterations: 20 });
    const ann = await MangokuClient.create(server.url, { name: 'Ann', colour: 'sky', options: { players: 3, botLevel: 'expert', promptSeconds: 30 } });
    ann.send('addBot', {});
    ann.send('addBot', {});
    await ann.waitFor((s) => s.seats[2].kind === 'bot');
    ann.autoPlay('greedy');
    ann.send('start');
    await ann.waitFor((s) => s.phase === 'over', 150_000, 'the end of the game');
    expect(ann.errors).toEqual([]);
    expect(botPool().answered).toBeGreaterThan(0);
    expect(botPool().failed).toBe(0);
    const record = (await (await fetch(`${server.url}/api/rooms/${ann.code}/record`)).json()) as mangoku.GameRecord;
    expect(mangoku.verifyRecord(record)).toMatchObject({ ok: true });
    // The bots answered prompts themselves (a prompt's time, 30 s, never ran out here).
    expect(record.campaigns.flatMap((c) => c.turns.flatMap((t) => t.answers ?? [])).some((a) => a.seat !== 0)).toBe(true);
    await ann.leave();
  });
});
