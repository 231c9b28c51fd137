/**
 * A hint's reason in one English sentence (kept in this one file so it can move into the
 * language files). Pure: the engine decides the move and why; this only words it.
 */
import type { HintReason } from '@samurai/shared';
import { casteName, placeLabel, tileLabel } from '../model/words';

function land(open: number): string {
  return `${open} land ${open === 1 ? 'hex' : 'hexes'} still open`;
}

export function hintSentence(reason: HintReason): string {
  switch (reason.kind) {
    case 'hand':
      return `Keep ${reason.tiles.map((t) => tileLabel(t)).join(', ')}: strong tiles that bear on every caste.`;
    case 'piece':
      return `Place the ${casteName(reason.piece)} in ${placeLabel(reason.hex)}: where a piece starts matters little, any legal place will do.`;
    case 'settlement': {
      const of = `the ${casteName(reason.piece)} of ${placeLabel(reason.hex)}`;
      const score = `your influence ${reason.ours} against ${reason.theirs}`;
      switch (reason.outcome) {
        case 'captures':
          return `Captures ${of}: ${score}.`;
        case 'sets-aside':
          return `Surrounds ${placeLabel(reason.hex)} on a tie, so its ${casteName(reason.piece)} is set aside rather than lost: ${score}.`;
        case 'loses':
          return `Gives up ${of} at the least cost left: ${score}.`;
        case 'leads':
          return `Leads for ${of}: ${score}, ${land(reason.open)}.`;
        case 'levels':
          return `Draws level for ${of}: ${score}, ${land(reason.open)}.`;
        case 'trails':
          return `Closes in on ${of}: ${score}, ${land(reason.open)}.`;
      }
      break;
    }
    case 'least-harm':
      return 'Nothing gains anything now, and this play costs the least.';
    case 'end-turn':
      return 'No tile left in your hand gains enough now: end your turn.';
    case 'pass':
      return 'None of your tiles can be played: you pass.';
  }
  return '';
}
