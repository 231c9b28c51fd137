import { applyMoveInPlace } from './apply';
import { BOTS } from './bots';
import { viewFor } from './projection';
import { seededRng } from '../../random';
import { createGame } from './state';
import { stateFromJson, stateToJson } from './state-json';
import { seatsToAct } from './simulate';

test('a game state survives JSON text: a new deal, and a game in the middle of play', () => {
  const rng = seededRng(7);
  const state = createGame({ players: 3, options: { setup: 'random', startingHands: 'random' } }, rng);
  expect(stateFromJson(stateToJson(state))).toEqual(state);
  for (let i = 0; i < 40 && state.phase !== 'over'; i++) {
    const seat = seatsToAct(state)[0];
    expect(applyMoveInPlace(state, BOTS.random.chooseMove(viewFor(state, seat), seat, rng))).toBeNull();
  }
  const back = stateFromJson(stateToJson(state));
  expect(back).toEqual(state);
  expect(back.hexOwner).toBeInstanceOf(Int8Array);
});

test('text that is not a game state is refused', () => {
  expect(() => stateFromJson('{"players":2}')).toThrow('not a Samurai game state');
  expect(() => stateFromJson('not json')).toThrow();
});
