/** `bench --match --game samurai`: one game between bot levels (match-games.ts). */
import { Bot, BOTS, checkMove, GameState, makeExpertBot, playGame, PlayerCount, randomBot, viewFor } from '@samurai/shared';
import { ExpertBudget, expertOptions, MatchGameResult, matchRngs, MoveTiming, refereed, seatLevels } from '../../match-games';

export function playSamuraiMatchGame(levels: readonly string[], g: number, seed: number, budget: ExpertBudget): MatchGameResult {
  const levelsNow = seatLevels(levels, g);
  const moves: MoveTiming[] = [];
  const { gameRng, botRng } = matchRngs(g, seed);
  const expert = makeExpertBot(expertOptions(budget));
  const bots = levelsNow.map((level) => {
    const bot = level === 'expert' ? expert : BOTS[level as keyof typeof BOTS];
    return refereed(level, bot, (state: GameState, seat) => viewFor(state, seat), checkMove, randomBot, moves) as unknown as Bot;
  });
  const state = playGame({ players: levels.length as PlayerCount }, bots, gameRng, botRng);
  return { game: g, seatLevels: levelsNow, winners: state.result!.winners, moves };
}
