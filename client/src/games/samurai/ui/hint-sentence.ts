/**
 * A hint's reason in one sentence of the interface's language. Pure but for the language: the
 * engine decides the move and why; this only words it.
 */
import type { HintReason } from '@samurai/shared';
import { listOf, t } from '../../../i18n/i18n';
import { casteName, castePhrase, placeLabel, tileLabel } from '../model/words';

export function hintSentence(reason: HintReason): string {
  switch (reason.kind) {
    case 'hand':
      return t('samurai.hint.hand', { tiles: listOf(reason.tiles.map((tile) => tileLabel(tile))) });
    case 'piece':
      return t('samurai.hint.piece', { piece: castePhrase(reason.piece, 'the'), place: placeLabel(reason.hex, 'at') });
    case 'settlement': {
      const of = { piece: castePhrase(reason.piece, 'the'), place: placeLabel(reason.hex, 'of') };
      const score = t('samurai.hint.score', { ours: reason.ours, theirs: reason.theirs });
      const open = t('samurai.hint.land', { count: reason.open });
      switch (reason.outcome) {
        case 'captures':
          return t('samurai.hint.captures', { ...of, score });
        case 'sets-aside':
          return t('samurai.hint.setsAside', { place: placeLabel(reason.hex), caste: casteName(reason.piece), score });
        case 'loses':
          return t('samurai.hint.loses', { ...of, score });
        case 'leads':
          return t('samurai.hint.leads', { ...of, score, open });
        case 'levels':
          return t('samurai.hint.levels', { ...of, score, open });
        case 'trails':
          return t('samurai.hint.trails', { ...of, score, open });
      }
      break;
    }
    case 'least-harm':
      return t('samurai.hint.leastHarm');
    case 'end-turn':
      return t('samurai.hint.endTurn');
    case 'pass':
      return t('samurai.hint.pass');
  }
  return '';
}
