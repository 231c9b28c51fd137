import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '@samurai/shared';
import { defaultMaxRooms, defaultServerLimits, ROOM_MEMORY_BUDGET_BYTES } from './server-limits';

describe('the default limits', () => {
  it('make finding one of 1,000 live rooms by guessing from one address take more than a day', () => {
    const { lookup } = defaultServerLimits();
    const guessesPerDay = lookup.burst + lookup.perMinute * 60 * 24;
    const codes = ROOM_CODE_ALPHABET.length ** ROOM_CODE_LENGTH;
    const chanceInADay = 1 - (1 - 1000 / codes) ** guessesPerDay;
    expect(chanceInADay).toBeLessThan(0.05);
  });

  it('hold MAX_ROOMS to half the heap at the per-room budget, never below 100', () => {
    expect(defaultMaxRooms(4 * 1024 ** 3)).toBe(Math.floor((2 * 1024 ** 3) / ROOM_MEMORY_BUDGET_BYTES));
    expect(defaultMaxRooms(16 * 1024 ** 2)).toBe(100);
  });
});
