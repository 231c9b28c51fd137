import { joinOptionsSchema } from './joining';

describe('join and create options', () => {
  it('accept the three ways in', () => {
    expect(joinOptionsSchema.safeParse({ role: 'player', name: 'Ann', colour: 'sky' }).success).toBe(true);
    expect(joinOptionsSchema.safeParse({ role: 'spectator' }).success).toBe(true);
    expect(joinOptionsSchema.safeParse({ seatToken: 'a'.repeat(32) }).success).toBe(true);
  });

  it('refuse anything else', () => {
    expect(joinOptionsSchema.safeParse({ role: 'player' }).success).toBe(false);
    expect(joinOptionsSchema.safeParse({ role: 'player', name: 'Ann', colour: 'red' }).success).toBe(false);
    expect(joinOptionsSchema.safeParse({ role: 'host', name: 'Ann' }).success).toBe(false);
    expect(joinOptionsSchema.safeParse({ seatToken: 'short' }).success).toBe(false);
    expect(joinOptionsSchema.safeParse({ role: 'spectator', extra: 1 }).success).toBe(false);
  });
});
