import { MOVE_ERROR_MESSAGES, MOVE_ERRORS } from '@samurai/shared';
import { applyLanguage, t } from '../../../i18n/i18n';
import { moveErrorKey } from '../../../i18n/game-errors';
import { describeErrorWords } from '../../../i18n/error-words';

afterEach(() => applyLanguage('en'));

describe('every Samurai error code in every language', () => {
  describeErrorWords({ game: 'samurai', codes: MOVE_ERRORS, english: MOVE_ERROR_MESSAGES });

  it('a refusal reads in the chosen language', async () => {
    await applyLanguage('fr');
    expect(t(`samurai.errors.${moveErrorKey('play/occupied' as const)}`)).toBe('Cette case porte déjà une tuile.');
  });
});
