import { botPool, configureBots } from './bots/BotPool';
import { useBotThreadServer } from './test-support/bot-threads';
import { contractOf, TableClient, TEST_GAME } from './test-support/TableClient';

// The bot thread compiles the engines through tsx before it thinks at all; games take a while.
jest.setTimeout(180_000);

const server = useBotThreadServer();

describe('expert bots in rooms', () => {
  it('play a whole game, thinking on the bot thread, to a record the engine accepts', async () => {
    configureBots({ threads: 1, turnMs: 200, iterations: 20 });
    const ann = await TableClient.create(server.url, { name: 'Ann', colour: 'sky', options: { players: 3, botLevel: 'expert' } });
    ann.sendRaw('addBot', {});
    ann.sendRaw('addBot', {});
    await ann.waitFor((s) => s.seats[2].kind === 'bot');
    expect(Array.from(ann.state.seats).map((s) => s.bot)).toEqual(['', 'expert', 'expert']);
    ann.autoPlay('greedy');
    ann.sendRaw('start');
    await ann.waitFor((s) => s.phase === 'over', 150_000, 'the end of the game');
    expect(ann.errors).toEqual([]);
    // Every move the experts made was thought on the thread (none fell back to the greedy bot).
    expect(botPool().answered).toBeGreaterThan(0);
    expect(botPool().failed).toBe(0);
    const record: unknown = await (await fetch(`${server.url}/api/rooms/${ann.code}/record`)).json();
    expect(contractOf(TEST_GAME.name).verifyRecord(record).ok).toBe(true);
    await ann.leave();
  });
});
