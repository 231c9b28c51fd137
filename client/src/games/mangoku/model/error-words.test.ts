import { mangoku } from '@samurai/shared';
import { applyLanguage, t } from '../../../i18n/i18n';
import { moveErrorKey } from '../../../i18n/game-errors';
import { describeErrorWords } from '../../../i18n/error-words';

afterEach(() => applyLanguage('en'));

describe('every Mangoku error code in every language', () => {
  describeErrorWords({ game: 'mangoku', codes: mangoku.MOVE_ERRORS, english: mangoku.MOVE_ERROR_MESSAGES });

  it('a refusal reads in the chosen language, its own codes (the same code string words differently in each game)', async () => {
    await applyLanguage('fr');
    expect(t(`mangoku.errors.${moveErrorKey('move/wrong_step' as const)}`)).toBe('Ce n’est pas ce que la partie attend maintenant.');
    await applyLanguage('ja');
    expect(t(`mangoku.errors.${moveErrorKey('answer/no_monk' as const)}`)).toBe('出せる僧侶がありません。');
  });
});
