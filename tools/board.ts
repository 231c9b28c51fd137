/** Prints a board game's board for a player count as JSON: `npm run -s board -- [--game G] --players N`. */
import { choiceOption, intOption, readArgs } from './cli';
import { TOOL_GAMES } from './games/registry';

const BOARD_GAMES = TOOL_GAMES.filter((game) => game.board !== undefined);
const NAMES = BOARD_GAMES.map((game) => game.contract.name);
const USAGE = `npm run -s board -- [--game ${NAMES.join('|')}] --players N`;
const { values } = readArgs({ game: { type: 'string' }, players: { type: 'string' } }, USAGE);
const name = choiceOption(values.game, 'game', NAMES, NAMES[0], USAGE);
const board = BOARD_GAMES.find((game) => game.contract.name === name)!.board!;
const counts = board.playerCounts;
const players = intOption(values.players, 'players', undefined, Math.min(...counts), Math.max(...counts), USAGE);
process.stdout.write(`${JSON.stringify(board.describe(players))}\n`);
