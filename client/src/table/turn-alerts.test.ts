import { DEFAULT_ALERT_SETTINGS, turnCue, windowTitle } from './turn-alerts';

const visible = { hidden: false, notificationsGranted: true };
const hidden = { hidden: true, notificationsGranted: true };

describe('turn alerts', () => {
  it('cue only the moment the game starts waiting for you, not while it waits nor when it stops', () => {
    expect(turnCue(false, true, DEFAULT_ALERT_SETTINGS, visible)).toEqual({ chime: true, vibrate: true, notify: false });
    expect(turnCue(true, true, DEFAULT_ALERT_SETTINGS, visible)).toEqual({ chime: false, vibrate: false, notify: false });
    expect(turnCue(true, false, DEFAULT_ALERT_SETTINGS, visible)).toEqual({ chime: false, vibrate: false, notify: false });
    expect(turnCue(false, false, DEFAULT_ALERT_SETTINGS, hidden)).toEqual({ chime: false, vibrate: false, notify: false });
  });

  it('stay silent and still when muted', () => {
    expect(turnCue(false, true, { sound: false, notify: false }, visible)).toEqual({ chime: false, vibrate: false, notify: false });
  });

  it('notify only a player who opted in, whose browser allows it, on a hidden tab', () => {
    const optedIn = { sound: false, notify: true };
    expect(turnCue(false, true, optedIn, hidden).notify).toBe(true);
    expect(turnCue(false, true, optedIn, visible).notify).toBe(false);
    expect(turnCue(false, true, optedIn, { hidden: true, notificationsGranted: false }).notify).toBe(false);
    expect(turnCue(false, true, DEFAULT_ALERT_SETTINGS, hidden).notify).toBe(false);
  });

  it('lead the window title with "Your turn" while the game waits for you', () => {
    expect(windowTitle('Go', 'K7M2PQ', true)).toBe('Your turn · Go K7M2PQ');
    expect(windowTitle('Shogi', 'K7M2PQ', false)).toBe('Shogi · room K7M2PQ');
  });
});
