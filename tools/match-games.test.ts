import { TOOL_GAMES } from './games/registry';
import { playMatchGame, seatLevels } from './match-games';

describe.each(TOOL_GAMES.map((tools) => [tools.contract.name, tools] as const))('a bench match game of %s, through its contract', (_, tools) => {
  const levels = ['greedy', 'random'];

  it('rotates the levels round the seats, times every move and refuses none of its own bots', () => {
    for (const g of [0, 1]) {
      const result = playMatchGame(tools, levels, g, 11, {});
      expect(result.seatLevels).toEqual(seatLevels(levels, g));
      expect(result.winners.length).toBeGreaterThan(0);
      for (const w of result.winners) expect([0, 1]).toContain(w);
      expect(new Set(result.moves.map((m) => m.level))).toEqual(new Set(levels));
      expect(result.moves.filter((m) => m.illegal)).toEqual([]);
    }
  });

  it('plays the same game from the same seed, another from another', () => {
    const strip = (seed: number) => {
      const { winners, moves } = playMatchGame(tools, levels, 0, seed, {});
      return { winners, levels: moves.map((m) => m.level) };
    };
    expect(strip(5)).toEqual(strip(5));
    const others = [6, 7, 8, 9].map(strip);
    expect(others.some((other) => JSON.stringify(other) !== JSON.stringify(strip(5)))).toBe(true);
  });

  it('hands each bot its seat’s view and referees by the contract: a move it refuses is counted, the fallback moves instead', () => {
    const { contract } = tools;
    const viewers: unknown[] = [];
    let refused = 0;
    const watched = {
      ...tools,
      contract: {
        ...contract,
        view: (state: unknown, viewer: number | 'spectator') => {
          viewers.push(viewer);
          return contract.view(state, viewer);
        },
        // The first move of all is refused, whatever it is.
        legal: (state: unknown, move: unknown) => (refused++ === 0 ? { ok: false as const, error: 'test', detail: 'refused' } : contract.legal(state, move)),
      },
    };
    const result = playMatchGame(watched, levels, 0, 3, {});
    expect(result.moves.filter((m) => m.illegal)).toHaveLength(1);
    expect(viewers).toHaveLength(result.moves.length);
    expect(viewers.every((v) => v === 0 || v === 1)).toBe(true);
    expect(result.winners.length).toBeGreaterThan(0);
  });
});
