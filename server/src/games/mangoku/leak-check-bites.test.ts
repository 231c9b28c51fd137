import type { Schema } from '@colyseus/schema';
import { mangoku } from '@samurai/shared';
import { mangokuGame } from './mangoku-game';
import type { MangokuState } from './mangoku-state';
import { mangokuFields } from './mangoku-fields';
import { GameTableSession } from '../../table/GameTableSession';
import type { GameModule } from '../../table/game-module';
import { MangokuClient } from './test-support/MangokuClient';
import { useTestServer } from '../../test-support/boot';
import { checkMangokuFrames } from './test-support/leak-check';

jest.setTimeout(60_000);

/** A deliberately broken game: every player's StateView holds every seat's secrets. */
class UnfilteredSession extends GameTableSession<
  mangoku.MangokuTable,
  mangoku.Move,
  mangoku.GameView,
  mangoku.RoomOptions,
  mangoku.MangokuStep,
  mangoku.MangokuTableView
> {
  override secretsVisibleTo(): Schema[] {
    return this.state.seats.slice();
  }
}

const unfiltered: GameModule<MangokuState, mangoku.RoomOptions> = {
  ...mangokuGame,
  newSession: (state) => new UnfilteredSession(state, mangoku.mangokuContract, mangokuFields),
};
const server = useTestServer({ games: [unfiltered] });

test('the Mangoku leak check trips on a room that sends every hand, answer and showing to every player', async () => {
  const host = await MangokuClient.create(server.url, { name: 'Hiro', options: { players: 4, botLevel: 'random', promptSeconds: 60 } });
  const guest = await MangokuClient.join(server.url, host.code, { role: 'player', name: 'Guest' });
  const spectator = await MangokuClient.join(server.url, host.code, { role: 'spectator' });
  await host.must('addBot', {});
  await host.must('addBot', {});
  host.autoPlay();
  guest.autoPlay();
  await host.must('start');
  await Promise.all([host, guest, spectator].map((c) => c.waitFor((s) => s.phase === 'over', 30_000)));

  for (const player of [host, guest]) {
    const { leaks } = checkMangokuFrames(player, []);
    expect(leaks.some((l) => /the secret of seat \d: hand/.test(l))).toBe(true);
    expect(leaks.some((l) => /hands held by the decoder/.test(l))).toBe(true);
    // Someone else's showings and answers arrive too: the games have plenty of both.
    expect(leaks.some((l) => /the secret of seat \d: (shown|answer)/.test(l))).toBe(true);
  }
  // A spectator has no StateView of its own in this room either: it still sees nothing.
  expect(checkMangokuFrames(spectator, []).leaks).toEqual([]);
  // Tokens: the check finds another seat's token when it is in a frame.
  const withToken = host.frames.findIndex((f) => Buffer.from(f).toString('latin1').includes(host.seatToken));
  expect(checkMangokuFrames(host, [host.seatToken]).leaks).toContain(`frame ${withToken}: another seat's token`);
  for (const c of [host, guest, spectator]) await c.leave();
});
