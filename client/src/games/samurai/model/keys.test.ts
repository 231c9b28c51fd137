import { boardKey, KeyContext, shortcut } from './keys';

describe('boardKey', () => {
  test('arrows move the focus their way', () => {
    expect(boardKey('ArrowUp')).toEqual({ kind: 'focus', direction: 'up' });
    expect(boardKey('ArrowDown')).toEqual({ kind: 'focus', direction: 'down' });
    expect(boardKey('ArrowLeft')).toEqual({ kind: 'focus', direction: 'left' });
    expect(boardKey('ArrowRight')).toEqual({ kind: 'focus', direction: 'right' });
  });

  test('Enter and Space choose, Escape steps back, other keys are left alone', () => {
    expect(boardKey('Enter')).toEqual({ kind: 'choose' });
    expect(boardKey(' ')).toEqual({ kind: 'choose' });
    expect(boardKey('Escape')).toEqual({ kind: 'back' });
    expect(boardKey('Tab')).toBeNull();
    expect(boardKey('u')).toBeNull();
  });
});

describe('shortcut', () => {
  const free: KeyContext = { ctrlKey: false, metaKey: false, altKey: false, typing: false, dialogOpen: false };

  test('U takes back, E ends the turn, H asks for a hint, in either case', () => {
    expect(shortcut('u', free)).toBe('undo');
    expect(shortcut('U', free)).toBe('undo');
    expect(shortcut('e', free)).toBe('endTurn');
    expect(shortcut('E', free)).toBe('endTurn');
    expect(shortcut('h', free)).toBe('hint');
    expect(shortcut('H', free)).toBe('hint');
    expect(shortcut('x', free)).toBeNull();
    expect(shortcut('Escape', free)).toBeNull();
  });

  test('none with a modifier held, while typing, or with a dialog open', () => {
    for (const held of ['ctrlKey', 'metaKey', 'altKey', 'typing', 'dialogOpen'] as const) expect(shortcut('u', { ...free, [held]: true })).toBeNull();
  });
});
