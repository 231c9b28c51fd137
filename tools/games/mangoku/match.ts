/** `bench --match --game mangoku`: one game between bot levels (match-games.ts). */
import { mangoku } from '@samurai/shared';
import { ExpertBudget, expertOptions, MatchGameResult, matchRngs, MoveTiming, refereed, seatLevels } from '../../match-games';

export function playMangokuMatchGame(levels: readonly string[], g: number, seed: number, budget: ExpertBudget): MatchGameResult {
  const levelsNow = seatLevels(levels, g);
  const moves: MoveTiming[] = [];
  const { gameRng, botRng } = matchRngs(g, seed);
  const expert = mangoku.makeExpertBot(expertOptions(budget));
  const bots = levelsNow.map((level) => {
    const bot = level === 'expert' ? expert : mangoku.BOTS[level as mangoku.BotName];
    return refereed(level, bot, mangoku.viewFor, mangoku.checkMove, mangoku.randomBot, moves) as unknown as mangoku.Bot;
  });
  const state = mangoku.playGame({ players: levels.length as mangoku.PlayerCount }, bots, gameRng, botRng);
  return { game: g, seatLevels: levelsNow, winners: state.result!.winners, moves };
}
