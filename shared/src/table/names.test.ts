import { nameSchema } from './names';

describe('names', () => {
  it('are trimmed, collapsed and stripped of control characters', () => {
    expect(nameSchema.parse('  Ann   \t Lee  ')).toBe('Ann Lee');
    expect(nameSchema.parse('Bo\u0000b\u200b')).toBe('Bob');
  });

  it('are 1 to 20 characters', () => {
    expect(nameSchema.safeParse('   ').success).toBe(false);
    expect(nameSchema.safeParse('x'.repeat(20)).success).toBe(true);
    expect(nameSchema.safeParse('x'.repeat(21)).success).toBe(false);
    expect(nameSchema.safeParse(42).success).toBe(false);
  });
});
