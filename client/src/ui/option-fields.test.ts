import { BOT_PACE_FIELD, OptionFields } from './OptionFields';

const fields = new OptionFields<{ botDelayMs: number }>([BOT_PACE_FIELD], { botDelayMs: 600 });

describe('the bots’ pace as people see it', () => {
  it('names each pace offered, never a raw number', () => {
    expect(fields.label('botDelayMs', 600)).toBe('Steady');
    expect(fields.label('botDelayMs', 250)).toBe('Quick');
  });

  it('words a pace the server set itself (BOT_DELAY_MS) as the server’s, with its time', () => {
    expect(fields.label('botDelayMs', 40)).toBe('Server’s (0.04 s)');
    expect(fields.label('botDelayMs', 2000)).toBe('Server’s (2 s)');
    expect(fields.help('botDelayMs', 40)).toBe('This server’s own pace: bots move after 0.04 s.');
  });
});
