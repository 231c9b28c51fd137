import { moveErrorKey } from './game-errors';

// Each game's codes in every language are checked in its folder (i18n/error-words.ts's check).
describe('every game error code in every language', () => {
  it('turns a code into its key: area and name in camelCase (no key ends like a plural form)', () => {
    expect(moveErrorKey('move_tile/not_movable')).toBe('moveTile.notMovable');
    expect(moveErrorKey('target/too_many')).toBe('target.tooMany');
    expect(moveErrorKey('undo/nothing')).toBe('undo.nothing');
  });
});
