import { hexIndex } from '@samurai/shared';
import { applyLanguage } from '../../../i18n/i18n';
import { hintSentence } from '../ui/hint-sentence';
import { placeName } from './places';
import { scoringReveal } from './scoring-steps';
import { turnStatus } from './turn-status';
import { entryText } from './words';

const names = (seat: number) => ['Ann', 'Bo'][seat];

afterEach(() => applyLanguage('en'));

describe('Samurai’s log lines and sentences in other languages, built from the structured entries', () => {
  it('French: articles and genders, places with their prepositions, plurals from 2', async () => {
    await applyLanguage('fr');
    expect(entryText({ kind: 'piece', seat: 1, hex: '14,9', piece: 'rice' }, names)).toBe('Bo a placé une rizière à Sendai.');
    expect(entryText({ kind: 'capture', seat: 0, hex: '14,11', piece: 'buddha' }, names)).toBe('Ann a capturé le Bouddha du village au nord d’Edo.');
    expect(entryText({ kind: 'play', seat: 0, play: { tile: 'samurai2', hex: '13,12' } }, names)).toBe(
      'Ann a joué Samouraï 2 sur la case de terre au nord-ouest d’Edo.',
    );
    // A sea hex two hexes out: "cases", plural.
    expect(entryText({ kind: 'play', seat: 1, play: { tile: 'ship1', hex: '10,12' } }, names)).toBe(
      'Bo a joué Bateau 1 sur la case de mer à 2 cases au nord-ouest du village au nord de Kyoto.',
    );
    expect(entryText({ kind: 'capture', seat: null, hex: '14,13', piece: 'castle' }, names)).toBe(
      'Le château d’Edo : pièce mise de côté, personne n’avait la plus grande influence.',
    );
    expect(entryText({ kind: 'pass', seat: 1 }, names)).toBe('Bo ne pouvait jouer aucune tuile et a passé.');
    expect(placeName(hexIndex('6,16'))).toBe('le deuxième village à l’ouest de Kyoto');
    // One leader token, then two: French singular, then plural.
    const one = scoringReveal(
      [
        [3, 0, 0],
        [0, 0, 0],
      ],
      names,
    ).steps.at(-1)!.text;
    const two = scoringReveal(
      [
        [3, 3, 0],
        [1, 1, 2],
      ],
      names,
    ).steps.at(-1)!.text;
    expect(one).toBe('Ann a 1 jeton de meneur, plus que quiconque. Ann gagne.');
    expect(two).toBe('Ann a 2 jetons de meneur, plus que quiconque. Ann gagne.');
    expect(hintSentence({ kind: 'settlement', outcome: 'leads', piece: 'rice', hex: '14,9', ours: 3, theirs: 1, open: 1 })).toBe(
      'Prend la tête pour la rizière de Sendai : votre influence 3 contre 1, 1 case de terre encore libre.',
    );
  });

  it('Japanese: particles and counters, one form for every count', async () => {
    await applyLanguage('ja');
    expect(entryText({ kind: 'piece', seat: 1, hex: '14,9', piece: 'rice' }, names)).toBe('Boが仙台に田を置きました。');
    expect(entryText({ kind: 'capture', seat: 0, hex: '14,11', piece: 'buddha' }, names)).toBe('Annが江戸の北の村の仏像を獲得しました。');
    expect(entryText({ kind: 'play', seat: 1, play: { tile: 'ship1', hex: '10,12' } }, names)).toBe('Boが京都の北の村の北西2マスの海に船 1を出しました。');
    expect(entryText({ kind: 'play', seat: 0, play: { tile: 'move', from: '13,12', to: '15,13' } }, names)).toBe(
      'Annがタイルを江戸の北西の陸地から江戸の南東の陸地へ移しました。',
    );
    expect(
      scoringReveal(
        [
          [3, 3, 0],
          [1, 1, 2],
        ],
        names,
      ).steps.at(-1)!.text,
    ).toBe('Annは首位トークンを2枚持ち、誰よりも多い。Annの勝ちです。');
    // A list as Japanese writes it: every name after 、, not "Ann, BoとCy".
    const three = (seat: number) => ['Ann', 'Bo', 'Cy'][seat];
    expect(
      scoringReveal(
        [
          [2, 0, 0],
          [2, 0, 0],
          [2, 0, 0],
        ],
        three,
      ).steps[1].text,
    ).toContain('Ann、Bo、Cy');
  });

  it('German: the caste as an object and as a subject, and the turn line', async () => {
    await applyLanguage('de');
    const seats = [
      { index: 0, name: 'Ann', kind: 'human', connected: true, bot: '' },
      { index: 1, name: 'Bo', kind: 'human', connected: true, bot: '' },
    ] as unknown as Parameters<typeof turnStatus>[1];
    expect(entryText({ kind: 'capture', seat: 1, hex: '14,13', piece: 'buddha' }, names)).toBe('Bo hat den Buddha von Edo erobert.');
    expect(entryText({ kind: 'capture', seat: null, hex: '14,11', piece: 'buddha' }, names)).toBe(
      'Der Buddha vom Dorf nördlich von Edo wurde beiseitegelegt: Niemand hatte den größten Einfluss.',
    );
    const status = turnStatus(null, seats, 0);
    expect(status.headline).toBe('Warten auf den Spielbeginn');
  });
});
