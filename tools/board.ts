/** Prints the board for a player count as JSON: `npm run -s board -- --players N`. */
import { boardFor, HEXES, PlayerCount } from '@samurai/shared';
import { intOption, readArgs } from './cli';

const USAGE = 'npm run -s board -- --players 2|3|4';
const { values } = readArgs({ players: { type: 'string' } }, USAGE);
const players = intOption(values.players, 'players', undefined, 2, 4, USAGE) as PlayerCount;

const hexes = boardFor(players).hexes.map((h) => {
  const { name, kind, island } = HEXES[h];
  return island ? { hex: name, kind, island } : { hex: name, kind };
});
process.stdout.write(`${JSON.stringify({ players, hexes })}\n`);
