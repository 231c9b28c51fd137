import { checkMove, GameView, hasLegalPlay, viewFor } from '@samurai/shared';
import { fixtureGame, roomStateFor } from '@samurai/shared/src/games/samurai/room-fixture';
import { turnStatus } from './turn-status';
import { buildViewModel } from './view-model';

const game = fixtureGame(2, 77);

function modelAt(index: number, viewer: number | 'spectator') {
  const step = index < 0 ? null : game.steps[index];
  const state = step ? step.after : game.initial;
  const log = step ? step.log : game.initialLog;
  return buildViewModel(
    roomStateFor(state, viewer, log),
    viewer === 'spectator' ? { memberId: '', role: 'spectator' } : { memberId: `member${viewer}`, role: 'player' },
  );
}

describe('the turn indicator', () => {
  it('asks a seat without a hand to choose one, and tells the others who is still choosing', () => {
    const mine = modelAt(-1, 0);
    expect(turnStatus(mine.view, mine.seats, 0)).toMatchObject({ headline: 'Choose your starting hand', yourTurn: true });
    const firstChosen = game.steps.findIndex((s) => s.after.handChosen[0] && !s.after.handChosen[1]);
    const watching = modelAt(firstChosen, 'spectator');
    const status = turnStatus(watching.view, watching.seats, -1);
    expect(status.yourTurn).toBe(false);
    expect(status.detail).toBe('Still choosing: Player 2.');
  });

  it('says who places a piece, and where pieces go', () => {
    const at = game.steps.findIndex((s) => s.after.phase === 'pieces');
    const model = modelAt(at, 1);
    const status = turnStatus(model.view, model.seats, 1);
    const acting = model.view!.seat;
    expect(status.actingSeat).toBe(acting);
    expect(status.headline).toBe(acting === 1 ? 'Your turn: place a piece' : 'Player 1 is placing a piece');
    expect(status.detail).toMatch(/city/);
    const villages = game.steps.findIndex((s) => s.after.phase === 'pieces' && s.after.placements.length >= 4);
    expect(turnStatus(modelAt(villages, 0).view, modelAt(villages, 0).seats, 0).detail).toMatch(/village/);
  });

  it('during play, enables take-back and end turn exactly when the engine allows them', () => {
    let seen = 0;
    game.steps.forEach((step, i) => {
      if (step.after.phase !== 'play') return;
      const seat = step.after.seat;
      const model = modelAt(i, seat);
      const view = model.view as GameView;
      const status = turnStatus(view, model.seats, seat);
      expect(status.yourTurn).toBe(true);
      expect(status.canUndo).toBe(checkMove(view, { type: 'undo', seat }) === null);
      expect(status.canEndTurn).toBe(checkMove(view, { type: 'endTurn', seat }) === null);
      expect(status.mustPass).toBe(view.turnPlays.length === 0 && !hasLegalPlay(viewFor(step.after, seat), seat));
      if (view.turnPlays.length === 0 && !status.mustPass) expect(status.detail).toMatch(/one non-fast tile/);
      const other = modelAt(i, 1 - seat);
      const theirs = turnStatus(other.view, other.seats, 1 - seat);
      expect(theirs).toMatchObject({ yourTurn: false, canUndo: false, canEndTurn: false, headline: `Player ${seat + 1} is playing` });
      seen++;
    });
    expect(seen).toBeGreaterThan(20);
  });

  it('tells what is still allowed after the one non-fast tile', () => {
    const i = game.steps.findIndex((s) => s.after.phase === 'play' && s.after.turnPlays.some((p) => !['ronin1', 'ship1', 'ship2', 'switch'].includes(p.tile)));
    const seat = game.steps[i].after.seat;
    const model = modelAt(i, seat);
    expect(turnStatus(model.view, model.seats, seat).detail).toMatch(/fast tiles|End your turn/);
  });

  it('never says an away player is playing: their turn waits for them, or a bot plays it for them', () => {
    const i = game.steps.findIndex((s) => s.after.phase === 'play' && s.after.seat === 1);
    const model = modelAt(i, 0);
    const seats = model.seats.map((s) => (s.index === 1 ? { ...s, kind: 'human' as const, name: 'Ben' } : s));
    expect(turnStatus(model.view, seats, 0).headline).toBe('Ben is playing');
    const away = seats.map((s) => (s.index === 1 ? { ...s, connected: false } : s));
    expect(turnStatus(model.view, away, 0)).toMatchObject({ headline: 'It is Ben’s turn, but Ben is away', actingSeat: 1, yourTurn: false });
    expect(turnStatus(model.view, away, 0).detail).toContain('The game waits for Ben to come back.');
    const standIn = away.map((s) => (s.index === 1 ? { ...s, bot: 'greedy' } : s));
    expect(turnStatus(model.view, standIn, 0).headline).toBe('A bot is playing for Ben');
    expect(turnStatus(model.view, standIn, 0).detail).not.toContain('waits for');
    const placing = game.steps.findIndex((s) => s.after.phase === 'pieces' && s.after.seat === 1);
    const setup = modelAt(placing, 0);
    const awayInSetup = setup.seats.map((s) => (s.index === 1 ? { ...s, kind: 'human' as const, name: 'Ben', connected: false } : s));
    expect(turnStatus(setup.view, awayInSetup, 0)).toMatchObject({
      headline: 'It is Ben’s turn, but Ben is away',
      detail: 'The game waits for Ben to come back.',
    });
  });

  it('says the game is over, and waits before a game', () => {
    const last = modelAt(game.steps.length - 1, 0);
    expect(turnStatus(last.view, last.seats, 0).headline).toBe('The game is over');
    expect(turnStatus(null, [], -1).headline).toBe('Waiting for the game to start');
  });
});
