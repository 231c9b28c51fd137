import { fixtureGame, roomStateFor } from '../room-fixture';
import { GameOptions } from '../state';
import { firstScrubbable, spectatorStateAt } from './public-history';
import { ClientRoomState } from './room-state';

/** The fields of a spectator's room state the game shows (no table fields: those are today's at any step). */
function shown(state: ClientRoomState) {
  return {
    phase: state.phase,
    seat: state.seat,
    pieces: Array.from(state.pieces),
    supply: state.supply,
    aside: state.aside,
    log: Array.from(state.log),
    seats: Array.from(state.seats, (s) => ({
      handChosen: s.handChosen,
      handCount: s.handCount,
      stackCount: s.stackCount,
      captured: s.captured,
      hand: s.hand,
      ownCaptured: s.ownCaptured,
    })),
  };
}

const MIXES: Partial<GameOptions>[] = [
  { startingHands: 'chosen', setup: 'players', captureTiming: 'end-of-turn' },
  { startingHands: 'random', setup: 'random', captureTiming: 'immediate' },
  { startingHands: 'chosen', setup: 'random', captureTiming: 'immediate' },
  { startingHands: 'random', setup: 'players', captureTiming: 'end-of-turn' },
];

describe('a late spectator scrubbing back', () => {
  const cases = [2, 3, 4].flatMap((players) => MIXES.map((options, m) => [players, m, options] as const));

  it.each(cases)('%i players, options %i: from mid-game, every earlier position is exactly what a spectator was sent then', (players, m, options) => {
    const game = fixtureGame(players as 2 | 3 | 4, 100 + players * 10 + m, options);
    // The spectator joins two thirds of the way through: what it holds is the state sent then.
    const join = Math.floor((game.steps.length * 2) / 3);
    const now = roomStateFor(game.steps[join].after, 'spectator', game.steps[join].log);
    const first = firstScrubbable(now.log);
    let checked = 0;
    for (const { after, log } of [
      { after: game.initial, log: game.initialLog },
      ...game.steps.slice(0, join + 1).map((s) => ({ after: s.after, log: s.log })),
    ]) {
      if (log.length < first || after.phase === 'hands') continue;
      expect(shown(spectatorStateAt(now, log.length))).toEqual(shown(roomStateFor(after, 'spectator', log)));
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('holds no hand, no own tally and no draw at any step, and refuses a length it cannot show', () => {
    const game = fixtureGame(3, 7, { startingHands: 'chosen', setup: 'players' });
    const last = game.steps[game.steps.length - 1];
    const now = roomStateFor(last.after, 'spectator', last.log);
    for (let n = firstScrubbable(now.log); n <= now.log.length; n++) {
      for (const seat of Array.from(spectatorStateAt(now, n).seats)) {
        expect(seat.hand).toBeUndefined();
        expect(seat.ownCaptured).toBeUndefined();
        expect(seat.drawn).toBeUndefined();
      }
    }
    expect(() => spectatorStateAt(now, firstScrubbable(now.log) - 1)).toThrow(/not a log length/);
    expect(() => spectatorStateAt(now, now.log.length + 1)).toThrow(/not a log length/);
  });
});
