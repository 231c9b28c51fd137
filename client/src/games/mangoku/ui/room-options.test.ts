import { mangoku } from '@samurai/shared';
import { OPTION_FIELDS, optionHelp, optionLabel } from './room-options';

describe('Mangoku’s room options', () => {
  it('offers exactly the choices the room accepts', () => {
    for (const field of OPTION_FIELDS) {
      for (const choice of field.choices) {
        const parsed = mangoku.roomOptionsSchema.partial().safeParse({ [field.key]: choice.value });
        expect([field.key, choice.value, parsed.success]).toEqual([field.key, choice.value, true]);
      }
    }
    const defaults = mangoku.DEFAULT_ROOM_OPTIONS;
    for (const field of OPTION_FIELDS) expect(field.choices.map((c) => c.value)).toContain(defaults[field.key]);
  });

  it('explains each choice in a line', () => {
    expect(optionHelp('players', 4)).toBe('25 cards in play; everyone starts with 5 coins.');
    expect(optionHelp('players', 2)).toBe('18 cards in play; everyone starts with 4 coins.');
    expect(optionLabel('botLevel', 'random')).toBe('Easy');
    expect(optionLabel('promptSeconds', 20)).toBe('20 s');
  });
});
