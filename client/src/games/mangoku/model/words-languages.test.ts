import { mangoku } from '@samurai/shared';
import { applyLanguage } from '../../../i18n/i18n';
import de from '../locales/de.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import ja from '../locales/ja.json';
import { chainText, eventText, ordinal, playToChain, resultLines } from './words';

const w = { names: ['Ann', 'Ben', 'Cleo'], viewer: 1 };

afterEach(() => applyLanguage('en'));

describe('Mangoku’s log lines in other languages, built from the structured events', () => {
  it('French: the verb agrees with "vous", cards keep their gender, coins are plural from 2', async () => {
    await applyLanguage('fr');
    const play = { card: 'kabuki' as const, took: 'commander' as const, then: { card: 'commander' as const, targets: [0, 2] } };
    expect(chainText(w, 1, playToChain(play))).toBe('Vous avez joué le Kabuki, avez pris un Commandant dans la défausse et l’avez joué contre Ann et Cleo.');
    expect(chainText(w, 0, [{ card: 'princess', targets: ['centre'] }])).toBe('Ann a joué la Princesse sur le pot central.');
    expect(eventText(w, { type: 'coins', turn: 0, from: 1, to: 0, count: 1 })).toBe('Ann vous a pris 1 pièce.');
    expect(eventText(w, { type: 'coins', turn: 0, from: 'centre', to: 2, count: 3 })).toBe('Cleo a pris 3 pièces dans le pot central.');
    expect(eventText(w, { type: 'coins', turn: 0, from: 0, to: 'centre', count: 0 })).toBe('Ann a versé 0 pièce au pot central.');
    expect(eventText(w, { type: 'eliminated', turn: 0, seat: 1, cards: ['monk', 'shrinemaiden'] })).toBe(
      'Vous êtes éliminé : Moine, Miko face visible sur la défausse.',
    );
    expect(resultLines(w, { coins: [3, 9, 0], ranking: [[1], [0], [2]], winners: [1], drawOff: [] })).toEqual(['Vous gagnez avec 9 pièces.']);
    expect([1, 2, 3].map(ordinal)).toEqual(['1er', '2e', '3e']);
  });

  it('Japanese: particles, a counter for coins, one form for every count', async () => {
    await applyLanguage('ja');
    expect(chainText(w, 0, [{ card: 'captain', targets: [1] }])).toBe('Annは足軽大将を出した（対象：あなた）。');
    expect(eventText(w, { type: 'coins', turn: 0, from: 'centre', to: 2, count: 1 })).toBe('Cleoは中央の山から1コインを取った。');
    expect(eventText(w, { type: 'coins', turn: 0, from: 'centre', to: 2, count: 3 })).toBe('Cleoは中央の山から3コインを取った。');
    expect(eventText(w, { type: 'revealed', turn: 0, seats: [0, 1] })).toBe('Ann、あなたが手札を見せた（全員に15秒間）。');
  });

  it('German: "du" as the subject, "dir" as the one taken from', async () => {
    await applyLanguage('de');
    expect(eventText(w, { type: 'coins', turn: 0, from: 1, to: 0, count: 2 })).toBe('Ann hat dir 2 Münzen genommen.');
    expect(eventText(w, { type: 'monk', turn: 0, seat: 1 })).toBe('Du hast die Wirkung mit einem Mönch aufgehoben.');
    expect(chainText(w, 2, [{ card: 'warlord', targets: [1] }])).toBe('Cleo hat den Kriegsherrn gespielt (gegen dich).');
    // "du" with others: the verb in the second person plural.
    expect(eventText(w, { type: 'revealed', turn: 0, seats: [0, 1] })).toMatch(/^Ann und du habt eure Hände gezeigt/);
  });
});

describe('Mangoku’s rules in every language', () => {
  const key = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  it('word every resolution of the engine, English word for word as the engine says it', () => {
    for (const r of mangoku.RESOLUTIONS) {
      expect([r.id, (en.help.resolutions as Record<string, string>)[key(r.id)]]).toEqual([r.id, r.text]);
      for (const words of [fr, de, ja]) expect((words.help.resolutions as Record<string, string>)[key(r.id)]?.length).toBeGreaterThan(20);
    }
    expect(Object.keys(en.help.resolutions)).toHaveLength(mangoku.RESOLUTIONS.length);
  });
});
