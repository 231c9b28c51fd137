import { ROOM_ERROR_MESSAGES, RoomError } from '@samurai/shared';
import { clockInWords } from '../table/seat-clocks';
import { windowTitle } from '../table/turn-alerts';
import { applyLanguage, chooseLanguage, language, onLanguageChange, startLanguage, t } from './i18n';
import { LANGUAGE_KEY } from './languages';
import { roomErrorText } from './room-errors';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

afterEach(() => applyLanguage('en'));

describe('the interface in four languages', () => {
  it('starts in English, and words plurals as English does', () => {
    expect(language()).toBe('en');
    expect(t('table.lobby.watching', { count: 1 })).toBe('1 watching.');
    expect(t('table.bar.watchingTitle', { count: 1 })).toBe('1 person is watching this game');
    expect(t('table.bar.watchingTitle', { count: 3 })).toBe('3 people are watching this game');
    expect(clockInWords(61_000)).toBe('1 minute 1 second');
  });

  it('loads French when chosen: 0 and 1 are singular, 2 plural', async () => {
    await applyLanguage('fr');
    expect(language()).toBe('fr');
    expect(t('table.bar.watching', { count: 1 })).toBe('1 spectateur');
    expect(t('table.bar.watching', { count: 3 })).toBe('3 spectateurs');
    expect(clockInWords(0)).toBe('0 seconde');
    expect(clockInWords(1_000)).toBe('1 seconde');
    expect(clockInWords(122_000)).toBe('2 minutes 2 secondes');
    expect(windowTitle('Go', 'K7M2PQ', false)).toBe('Go · salon K7M2PQ');
  });

  it('German: one and other', async () => {
    await applyLanguage('de');
    expect(t('table.bar.watchingTitle', { count: 1 })).toBe('1 Person schaut diesem Spiel zu');
    expect(t('table.bar.watchingTitle', { count: 0 })).toBe('0 Personen schauen diesem Spiel zu');
    expect(clockInWords(61_000)).toBe('1 Minute 1 Sekunde');
  });

  it('Japanese: one form for every count', async () => {
    await applyLanguage('ja');
    expect(t('table.bar.watching', { count: 1 })).toBe('1人が観戦中');
    expect(t('table.bar.watching', { count: 5 })).toBe('5人が観戦中');
    expect(clockInWords(61_000)).toBe('1分1秒');
  });

  it('words the table’s error codes in the chosen language, and leaves other codes to their owners', async () => {
    expect(roomErrorText(RoomError.Full)).toBe(ROOM_ERROR_MESSAGES[RoomError.Full]);
    await applyLanguage('de');
    expect(roomErrorText(RoomError.Full)).toBe('Dieser Raum ist voll.');
    expect(roomErrorText('play/occupied')).toBeNull();
    expect(roomErrorText('room/no_such_code')).toBeNull();
  });

  it('remembers a choice, starts in it next time, and tells the screens', async () => {
    const storage = memory();
    const heard: string[] = [];
    const stop = onLanguageChange((lang) => heard.push(lang));
    await chooseLanguage('ja', storage);
    expect(storage.map.get(LANGUAGE_KEY)).toBe('ja');
    await applyLanguage('en');
    await startLanguage(storage, ['fr-FR']);
    expect(language()).toBe('ja');
    stop();
    await applyLanguage('de');
    expect(heard).toEqual(['ja', 'en', 'ja']);
  });

  it('starts in the browser’s language when nothing was chosen', async () => {
    await startLanguage(memory(), ['fr-CA', 'en']);
    expect(language()).toBe('fr');
    expect(t('table.home.create')).toBe('Créer un salon');
  });
});
