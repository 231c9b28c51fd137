import { legalMoves } from '../legal';
import { viewFor, Viewer } from '../projection';
import { GameState, Move } from '../state';
import { PlayerCount } from '../cards';
import { roomLikeGame, roomStateFor } from './room-fixture';
import { viewFromRoomState } from './view-from-room-state';

const GAMES = 25;
const viewersOf = (game: GameState): Viewer[] => [...game.hands.map((_, s) => s), 'spectator'];
const playersOf = (i: number) => ([2, 3, 4, 5, 6] as const)[i % 5] as PlayerCount;

describe('viewFromRoomState', () => {
  it(`rebuilds exactly viewFor for every seat and a spectator, after every change of ${GAMES} whole games`, () => {
    const seen = { betweenCampaigns: 0, shownAtCampaignEnd: 0, takenHidden: 0, noblemanLooks: 0, blocked: 0, reveals: 0, ownAnswers: 0, kabuki: 0, states: 0 };
    for (let i = 0; i < GAMES; i++) {
      roomLikeGame(playersOf(i), 500 + i, {
        bots: i % 2 ? ['greedy', 'random', 'greedy', 'random', 'greedy', 'random'] : undefined,
        visit: (game, log) => {
          for (const viewer of viewersOf(game)) {
            const rebuilt = viewFromRoomState(roomStateFor(game, viewer, log), viewer);
            const truth = viewFor(game, viewer);
            expect(rebuilt!.view).toStrictEqual(truth);
            seen.states++;
            if (typeof viewer !== 'number') continue;
            if (truth.taken !== null && viewFor(game, 'spectator').taken === null) seen.takenHidden++;
            if (truth.step.kind === 'take' && truth.step.from !== 'discard' && truth.step.seat === viewer) seen.noblemanLooks++;
            if (truth.step.kind === 'take' && truth.step.from === 'discard') seen.kabuki++;
            if (truth.shown.some((s) => s.why === 'blocked')) seen.blocked++;
            if (truth.step.kind === 'deal' && truth.shown.length) seen.shownAtCampaignEnd++;
            if (truth.answers.some((a) => a !== null)) seen.ownAnswers++;
          }
          if (game.reveals.length) seen.reveals++;
          if (game.step.kind === 'deal') seen.betweenCampaigns++;
        },
      });
    }
    // The games went through every situation with something to hide or show.
    for (const [what, count] of Object.entries(seen)) expect({ what, count: count > 0 }).toEqual({ what, count: true });
  });

  it('gives a seat the same legal moves as its engine view, and a spectator no hand', () => {
    roomLikeGame(4, 77, {
      visit: (game, log) => {
        for (const viewer of viewersOf(game)) {
          const { view } = viewFromRoomState(roomStateFor(game, viewer, log), viewer)!;
          if (viewer === 'spectator') expect(view.hands).toEqual([null, null, null, null]);
          else expect(legalMoves(view, viewer)).toEqual<Move[]>(legalMoves(viewFor(game, viewer), viewer));
        }
      },
    });
  });

  it('carries the times of the prompt and of each reveal, and is null in the lobby', () => {
    let prompts = 0;
    let reveals = 0;
    roomLikeGame(5, 3, {
      visit: (game, log) => {
        const times = { promptEndsAt: 1_000_000, revealEndsAt: (id: number) => 2_000_000 + id };
        const { view, promptEndsAt, revealsEndAt } = viewFromRoomState(roomStateFor(game, 'spectator', log, times), 'spectator')!;
        expect(promptEndsAt).toBe(view.step.kind === 'answer' ? 1_000_000 : null);
        expect(revealsEndAt).toEqual(view.reveals.map((r) => 2_000_000 + r.id));
        if (promptEndsAt) prompts++;
        reveals += revealsEndAt.length;
      },
    });
    expect(prompts).toBeGreaterThan(0);
    const lobby = { ...roomStateFor(roomLikeGame(2, 1), 0, []), step: '' };
    expect(viewFromRoomState(lobby, 0)).toBeNull();
    expect(reveals).toBeGreaterThan(0);
  });
});
