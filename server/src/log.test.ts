import { announce, configureLog, Log, log, logEntry, logLevel, oneLine, prettyLine, rateLimitedLog } from './log';

function recorder(): Log & { lines: string[] } {
  const lines: string[] = [];
  const push = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  return { lines, error: push, warn: push, info: push, debug: push };
}

/** What the process's log writes to the console while `run` runs, each line with the console method that wrote it. */
function written(run: () => void): { method: string; line: string }[] {
  const lines: { method: string; line: string }[] = [];
  const spies = (['log', 'warn', 'error'] as const).map((method) =>
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push({ method, line: String(args[0]) })),
  );
  try {
    run();
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
  return lines;
}

describe('the log', () => {
  const level = logLevel();
  afterEach(() => configureLog({ level, format: 'json' }));

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

  it('writes a JSON line with the time, the level, the room the line is about and the error with its stack', () => {
    configureLog({ level: 'info', format: 'json' });
    const lines = written(() => {
      log.error('room ABC123: request move failed', new Error('no such hex'));
      log.info('refused a socket from 127.0.0.2: it already holds 100', { seats: 2 });
    });
    expect(lines.map((l) => l.method)).toEqual(['error', 'log']);
    const [error, info] = lines.map((l) => JSON.parse(l.line) as Record<string, unknown>);
    expect(error).toMatchObject({ level: 'error', room: 'ABC123', msg: 'room ABC123: request move failed', err: { type: 'Error', message: 'no such hex' } });
    expect((error.err as { stack: string }).stack).toMatch(/^Error: no such hex\n\s+at /);
    expect(new Date(error.time as string).toISOString()).toBe(error.time);
    expect(info).toMatchObject({ level: 'info', msg: 'refused a socket from 127.0.0.2: it already holds 100 { seats: 2 }' });
    expect(info).not.toHaveProperty('room');
    expect(lines.every((l) => !l.line.includes('\n'))).toBe(true);
  });

  it('writes nothing below LOG_LEVEL, except what the process as a whole does', () => {
    configureLog({ level: 'warn', format: 'json' });
    const lines = written(() => {
      log.info('refused a socket');
      log.debug('colyseus says');
      log.warn('the store answers again');
      announce('Server listening on port 2567');
    });
    expect(lines.map((l) => [l.method, (JSON.parse(l.line) as { msg: string }).msg])).toEqual([
      ['warn', 'the store answers again'],
      ['log', 'Server listening on port 2567'],
    ]);
  });

  it('writes lines for a person in the pretty format', () => {
    configureLog({ level: 'debug', format: 'pretty' });
    const lines = written(() => {
      log.warn('room ABC123: its storage answers again');
      log.debug('colyseus says', 3);
      log.error('pruning failed', new Error('disk'));
    });
    expect(lines[0]).toEqual({ method: 'warn', line: expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}room ABC123: its storage answers again$/) });
    expect(lines[1]).toEqual({ method: 'log', line: expect.stringMatching(/ DEBUG colyseus says 3$/) });
    expect(lines[2].line).toMatch(/ ERROR pruning failed\nError: disk\n\s+at /);
    expect(prettyLine('{"level":"info","msg":"x"}')).toBe(' INFO  x');
  });

  it('takes the first error apart and the room from a line that starts with it', () => {
    const error = new Error('a');
    const entry = logEntry(['room X7K2PQ: failed', error, new Error('b')]);
    expect(entry.fields).toEqual({ room: 'X7K2PQ', err: error });
    expect(entry.msg).toMatch(/^room X7K2PQ: failed Error: b\n/);
    expect(logEntry(['the room X7K2PQ: not at the start']).fields).toEqual({});
  });

  it('puts an error on one line, without its stack', () => {
    const error = new Error('seat reservation expired.\nmore');
    expect(oneLine(error)).toBe('Error: seat reservation expired. more');
    expect(oneLine('x'.repeat(1000))).toHaveLength(300);
  });
});
