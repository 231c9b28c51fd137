import { Log, oneLine, rateLimitedLog } from './log';

function recorder(): Log & { lines: string[] } {
  const lines: string[] = [];
  const push = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  return { lines, info: push, warn: push, error: push };
}

describe('the log', () => {
  it('writes a burst, then at its rate, and says how many lines it held back', () => {
    let now = 0;
    const sink = recorder();
    const log = rateLimitedLog(sink, { burst: 3, perSecond: 2 }, () => now);
    for (let i = 0; i < 10; i++) log.error(`line ${i}`);
    expect(sink.lines).toEqual(['line 0', 'line 1', 'line 2']);
    now = 500; // one more token
    log.warn('later');
    expect(sink.lines.slice(3)).toEqual(['(7 log lines suppressed: over 2 a second)', 'later']);
  });

  it('puts an error on one line, without its stack', () => {
    const error = new Error('seat reservation expired.\nmore');
    expect(oneLine(error)).toBe('Error: seat reservation expired. more');
    expect(oneLine('x'.repeat(1000))).toHaveLength(300);
  });
});
