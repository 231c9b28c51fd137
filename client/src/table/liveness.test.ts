import { HEARTBEAT_AFTER_SILENCE_MS, HEARTBEAT_TIMEOUT_MS } from '@samurai/shared';
import { livenessStep } from './liveness';

describe('the connection’s heartbeat', () => {
  test('a room heard from lately is left alone until it has been quiet for a while', () => {
    expect(livenessStep(1000, null, 1000)).toEqual({ kind: 'wait', ms: HEARTBEAT_AFTER_SILENCE_MS });
    expect(livenessStep(1000, null, 1500)).toEqual({ kind: 'wait', ms: HEARTBEAT_AFTER_SILENCE_MS - 500 });
    expect(livenessStep(1000, null, 1000 + HEARTBEAT_AFTER_SILENCE_MS)).toEqual({ kind: 'ask' });
  });

  test('a question answered (or anything heard since it) means alive', () => {
    const asked = 10_000;
    expect(livenessStep(asked + 40, asked, asked + 1000)).toEqual({ kind: 'wait', ms: HEARTBEAT_AFTER_SILENCE_MS - 960 });
    expect(livenessStep(asked + 40, asked, asked + 40 + HEARTBEAT_AFTER_SILENCE_MS)).toEqual({ kind: 'ask' });
  });

  test('a question unanswered for HEARTBEAT_TIMEOUT_MS means dead; before that, wait for the answer', () => {
    const asked = 10_000;
    expect(livenessStep(asked - 5000, asked, asked + 1000)).toEqual({ kind: 'wait', ms: HEARTBEAT_TIMEOUT_MS - 1000 });
    expect(livenessStep(asked - 5000, asked, asked + HEARTBEAT_TIMEOUT_MS)).toEqual({ kind: 'dead' });
  });

  test('a tab whose timers ran late (in the background) is not judged dead when its answer came', () => {
    const asked = 10_000;
    // The browser ran the timer a minute late; the answer had come 30 ms after the question.
    expect(livenessStep(asked + 30, asked, asked + 60_000)).toEqual({ kind: 'ask' });
  });

  test('a frozen room is noticed within silence plus timeout, well inside the 10 s failover goal', () => {
    // Last heard at 0; asked at HEARTBEAT_AFTER_SILENCE_MS; dead once the timeout has passed.
    const askedAt = HEARTBEAT_AFTER_SILENCE_MS;
    expect(livenessStep(0, null, askedAt)).toEqual({ kind: 'ask' });
    expect(livenessStep(0, askedAt, askedAt + HEARTBEAT_TIMEOUT_MS)).toEqual({ kind: 'dead' });
    expect(HEARTBEAT_AFTER_SILENCE_MS + HEARTBEAT_TIMEOUT_MS).toBeLessThanOrEqual(5000);
  });
});
