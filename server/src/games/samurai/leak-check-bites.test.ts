import { SamuraiClient } from './test-support/SamuraiClient';
import { useTestServer } from '../../test-support/boot';
import { checkFrames } from './test-support/leak-check';
import type { Schema } from '@colyseus/schema';
import { GameView, Move, RoomOptions, RoomView, samuraiContract, SamuraiTable } from '@samurai/shared';
import { samuraiGame } from './samurai-game';
import type { RoomState } from './samurai-state';
import type { GameModule } from '../../table/game-module';
import { samuraiFields } from './samurai-fields';
import { GameTableSession } from '../../table/GameTableSession';

jest.setTimeout(60_000);

/** A deliberately broken game: every player's StateView holds every seat's secret. */
class UnfilteredSession extends GameTableSession<SamuraiTable, Move, GameView, RoomOptions, Move, RoomView> {
  override secretsVisibleTo(): Schema[] {
    return this.state.seats.slice();
  }
}

const unfiltered: GameModule<RoomState, RoomOptions> = { ...samuraiGame, newSession: (state) => new UnfilteredSession(state, samuraiContract, samuraiFields) };
const server = useTestServer({ games: [unfiltered] });

test('the leak check trips on a room that sends every hand and tally to every player', async () => {
  const host = await SamuraiClient.create(server.url, { name: 'Hiro', options: { players: 3, botLevel: 'random' } });
  const guest = await SamuraiClient.join(server.url, host.code, { role: 'player', name: 'Guest' });
  const spectator = await SamuraiClient.join(server.url, host.code, { role: 'spectator' });
  host.send('addBot', {});
  await host.waitFor((s) => s.seats[2].kind === 'bot');
  host.send('start');
  host.autoPlay();
  guest.autoPlay();
  await host.waitFor((s) => s.phase === 'over', 30_000);
  await guest.waitFor((s) => s.phase === 'over');
  await spectator.waitFor((s) => s.phase === 'over');

  for (const player of [host, guest]) {
    const { leaks } = checkFrames(player, []);
    expect(leaks.some((l) => /the secret of seat \d/.test(l))).toBe(true);
    expect(leaks.some((l) => /hands held by the decoder/.test(l))).toBe(true);
  }
  // A spectator has no StateView of its own in this room either: it still sees nothing.
  expect(checkFrames(spectator, []).leaks).toEqual([]);
  // Tokens: the check finds another seat's token when it is in a frame.
  expect(checkFrames(host, [host.seatToken]).leaks).toContain(
    'frame ' + host.frames.findIndex((f) => Buffer.from(f).toString('latin1').includes(host.seatToken)) + ": another seat's token",
  );
});
