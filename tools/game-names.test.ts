import { filesNamingAGame, gameNames, isGamesOwn, namesAGame } from './game-names';

/**
 * The files outside the games' folders that name a game: at most this many. Lower it as files move
 * into the games' folders (issue 25's goal is 8: the registries and the entry pages).
 */
const AT_MOST = 14;

describe('files naming a game outside the games’ folders', () => {
  const games = gameNames();

  it('finds the games and tells a game from the project’s own name', () => {
    expect(games.length).toBeGreaterThanOrEqual(2);
    for (const game of games) expect(namesAGame(`import { x } from './games/${game}/y';`, games)).toBe(true);
    expect(namesAGame("import { t } from '@samurai/shared'; process.env.SAMURAI_TEST_RUN; 'samurai.db'", games)).toBe(false);
    // The browser's storage keys are the project's: a draft's key holds its name and room, not a game's.
    expect(namesAGame("'samurai.profile' 'samurai.watching.' `samurai.${name}.${code}` 'samurai.hand.ABCDE'", games)).toBe(false);
    expect(isGamesOwn(`server/src/games/${games[0]}/x.test.ts`, games)).toBe(true);
    expect(isGamesOwn(`client/e2e/${games[0]}/x.e2e.ts`, games)).toBe(true);
    expect(isGamesOwn('server/src/games/registry.ts', games)).toBe(false);
    expect(isGamesOwn('client/e2e/support.ts', games)).toBe(false);
  });

  it(`are at most ${AT_MOST}`, () => {
    const files = filesNamingAGame();
    expect(files.length).toBeGreaterThan(0);
    expect({ count: files.length <= AT_MOST ? 'within' : files.length, files }).toEqual({ count: 'within', files });
  });
});
