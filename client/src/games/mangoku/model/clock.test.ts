import { FirstSeen, localDeadline } from './clock';

describe('the game clock here', () => {
  it('believes a server deadline that fits the time the thing lasts', () => {
    expect(localDeadline(15_000, 20_000, 1_000)).toBe(15_000);
  });
  it('counts the full time from first sight when the clocks disagree', () => {
    expect(localDeadline(500, 20_000, 1_000)).toBe(21_000); // this clock is ahead of the server's
    expect(localDeadline(90_000, 20_000, 1_000)).toBe(21_000); // behind
  });
  it('remembers first sightings until they are no longer shown', () => {
    const seen = new FirstSeen();
    expect(seen.at('a', 5)).toBe(5);
    expect(seen.at('a', 9)).toBe(5);
    seen.keep(['b']);
    expect(seen.at('a', 12)).toBe(12);
  });
});
