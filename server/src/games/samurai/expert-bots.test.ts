import { botPool, configureBots } from '../../bots/BotPool';
import { useBotThreadServer } from '../../test-support/bot-threads';
import { SamuraiClient } from './test-support/SamuraiClient';

// The bot thread compiles the engines through tsx before it thinks at all; games take a while.
jest.setTimeout(180_000);

const server = useBotThreadServer();

describe('expert bots in a Samurai room', () => {
  it('think off the event loop: another room plays on while an expert has yet to move', async () => {
    // An expert that thinks 6 s a move, against a room of two people.
    configureBots({ threads: 1, turnMs: 6_000, iterations: 1_000_000_000 });
    const dealt = { startingHands: 'random', setup: 'random' } as const;
    const ann = await SamuraiClient.create(server.url, { name: 'Ann', colour: 'sky', options: { players: 2, botLevel: 'expert', ...dealt } });
    ann.send('addBot', {});
    await ann.waitFor((s) => s.seats[1].kind === 'bot');
    const bob = await SamuraiClient.create(server.url, { name: 'Bob', colour: 'sky', options: { players: 2, ...dealt } });
    const cid = await SamuraiClient.join(server.url, bob.code, { role: 'player', name: 'Cid', colour: 'yellow' });
    bob.send('start');
    await bob.waitFor((s) => s.phase === 'play');
    const bobStart = bob.state.log.length;

    // Ann plays her first turn; then the bot's turn: it thinks.
    ann.send('start');
    await ann.waitFor((s) => s.phase === 'play');
    ann.autoPlay('greedy');
    await ann.waitFor((s) => s.phase === 'play' && s.seat === 1, 30_000, "the bot's turn");
    ann.stopAutoPlay();
    const botTurnLog = ann.state.log.length;

    // Meanwhile Bob and Cid play a whole turn each in their room, every move answered.
    bob.autoPlay('greedy');
    cid.autoPlay('greedy');
    // (Each turn logs its plays and its end.)
    await bob.waitFor((s) => s.log.length >= bobStart + 4 && s.seat === 0, 30_000, 'two turns in the other room');
    bob.stopAutoPlay();
    cid.stopAutoPlay();
    // The expert has not moved yet: the other room did not wait for it.
    expect(ann.state.log.length).toBe(botTurnLog);
    expect(ann.state.seat).toBe(1);
    await ann.waitFor((s) => s.log.length > botTurnLog, 60_000, "the expert's move");
    expect(botPool().failed).toBe(0);
    for (const c of [ann, bob, cid]) await c.leave();
  });
});
