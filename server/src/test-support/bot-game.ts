import { AnyGameContract, seededRng } from '@samurai/shared';
import { GAMES } from '../games/registry';

/**
 * A game of `contract` played by its random bots through the contract alone, from the deal (seed
 * `seed`) until `stop` holds or the game is over: the state then. Timers run out when nobody can
 * move (a prompt nobody answers, a deal due).
 */
export function botGame(contract: AnyGameContract, players: number, seed: number, stop: (state: unknown, moves: number) => boolean = () => false): unknown {
  const game = GAMES.find((g) => g.name === contract.name);
  if (!game) throw new Error(`no game named ${contract.name} in the registry`);
  const rng = seededRng(seed);
  let state: unknown = contract.setup({ ...game.defaultOptions, players }, rng);
  for (let moves = 0; contract.phase(state) !== 'over' && !stop(state, moves); moves++) {
    if (moves > 100_000) throw new Error(`a game of ${contract.name} did not end`);
    const [seat] = contract.seatsToAct(state);
    if (seat === undefined) {
      const [timer] = contract.timers(state);
      if (!timer) throw new Error(`a game of ${contract.name} waits for nobody and nothing`);
      state = contract.timeUp(state, timer.key, rng).state;
      continue;
    }
    const move: unknown = contract.bots.random.chooseMove(contract.view(state, seat), seat, rng);
    const applied = contract.apply(state, move);
    if (!applied.ok) throw new Error(`a bot's move was refused: ${applied.error} (${applied.detail})`);
    state = applied.state;
    contract.settle(state, move, rng);
  }
  return state;
}
