import { DEFAULT_ROOM_OPTIONS, roomOptionsSchema } from '@samurai/shared';
import { TABLE_OPTION_FIELDS } from '../../../table/table-options';
import { OPTION_FIELDS, optionHelp, optionLabel } from './room-options';

describe('room options on screen', () => {
  it('cover every option, each choice valid for the server and explained in one line', () => {
    // With the table's own (the clock and away players in the lobby; the spectators' chat is a switch in the chat).
    const keys = [...OPTION_FIELDS, ...TABLE_OPTION_FIELDS.fields].map((f) => f.key).sort();
    expect(keys).toEqual(
      Object.keys(DEFAULT_ROOM_OPTIONS)
        .filter((k) => k !== 'spectatorChat')
        .sort(),
    );
    for (const field of OPTION_FIELDS) {
      for (const choice of field.choices) {
        const parsed = roomOptionsSchema.partial().safeParse({ [field.key]: choice.value });
        expect(parsed.success).toBe(true);
        expect(choice.help.length).toBeGreaterThan(15);
        expect(choice.help).not.toMatch(/\n/);
      }
      // The server's default is one of the choices offered.
      expect(field.choices.map((c) => c.value)).toContain(DEFAULT_ROOM_OPTIONS[field.key]);
    }
  });

  it('label and explain a value, and fall back for an unknown one', () => {
    expect(optionLabel('captureTiming', 'immediate')).toBe('Immediately');
    expect(optionHelp('setup', 'random')).toMatch(/random/);
    expect(optionLabel('players', 7)).toBe('7');
    expect(optionHelp('players', 7)).toBe('');
  });
});
