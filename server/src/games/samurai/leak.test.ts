import { SamuraiClient } from './test-support/SamuraiClient';
import { useTestServer } from '../../test-support/boot';
import { checkFrames } from './test-support/leak-check';

jest.setTimeout(60_000);

const server = useTestServer();

/**
 * A whole game (and for 4 players a rematch with rotated seats, played to its end too) with
 * every seat but one a real client, plus a spectator who watches from the start and one who
 * arrives mid-game; then every frame each of them received is decoded and checked.
 */
async function playAndCheck(players: 2 | 3 | 4, options: { bots: number; rematch: boolean }) {
  const host = await SamuraiClient.create(server.url, { name: 'Hiro', options: { players, botLevel: 'random' } });
  const people = [host];
  for (let i = 1; i < players - options.bots; i++) people.push(await SamuraiClient.join(server.url, host.code, { role: 'player', name: `P${i}` }));
  const early = await SamuraiClient.join(server.url, host.code, { role: 'spectator' });
  for (let i = 0; i < options.bots; i++) host.send('addBot', {});
  await host.waitFor((s) => Array.from(s.seats).every((seat) => seat.kind !== 'open'), 5000, 'seats filled');
  host.send('start');
  people.forEach((p) => p.autoPlay('random'));
  await host.waitFor((s) => s.log.length > 30, 20_000, 'mid-game');
  const late = await SamuraiClient.join(server.url, host.code, { role: 'spectator' });
  await host.waitFor((s) => s.phase === 'over', 30_000, 'the end');
  if (options.rematch) {
    await Promise.all([early, late].map((c) => c.waitFor((s) => s.phase === 'over', 5000, 'spectators see the end')));
    await host.rematch(people.slice(1));
    await host.waitFor((s) => s.game === 2 && s.phase === 'over', 30_000, 'the end of the rematch');
  }
  await Promise.all([...people, early, late].map((c) => c.waitFor((s) => s.phase === 'over' && s.result !== undefined, 5000, 'all see the end')));

  const tokens = people.map((p) => p.seatToken);
  for (const client of [...people, early, late]) {
    const report = checkFrames(
      client,
      tokens.filter((t) => t !== client.welcome?.seatToken),
    );
    expect(report.leaks).toEqual([]);
    expect(report.stateFrames).toBeGreaterThan(20);
    // The check saw real hands: each player's own, never a spectator's.
    if (people.includes(client)) expect(report.framesWithOwnHand).toBeGreaterThan(10);
    else expect(report.framesWithOwnHand).toBe(0);
  }
  for (const p of people) expect(p.errors).toEqual([]);
  for (const c of [...people, early, late]) await c.leave();
}

test('2 players: no frame carries the other hand', () => playAndCheck(2, { bots: 0, rematch: false }));
test('3 players: no frame carries another hand or a hidden tally', () => playAndCheck(3, { bots: 1, rematch: false }));
test('4 players, with a rematch in rotated seats: nothing hidden reaches anyone', () => playAndCheck(4, { bots: 1, rematch: true }));
