/**
 * The scoring reveal, step by step, as the rules tell it: pieces revealed, a leader token per
 * caste, then whatever decided the game. Pure; the engine's `score` does the reckoning.
 */
import { PieceCounts, score, Scoring } from '@samurai/shared';
import { CASTE_NAMES, CASTE_PLURALS } from './words';

export interface ScoringStep {
  readonly title: string;
  readonly text: string;
  /** Seats this step is about (highlighted). */
  readonly seats: readonly number[];
  /** For a caste's leader step: the caste. */
  readonly caste?: number;
}

export interface ScoringReveal {
  readonly scoring: Scoring;
  readonly steps: readonly ScoringStep[];
  readonly headline: string;
}

function list(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function scoringReveal(captured: readonly PieceCounts[], nameOf: (seat: number) => string): ScoringReveal {
  const scoring = score(captured);
  const seats = captured.map((_, s) => s);
  const names = (group: readonly number[]) => list(group.map(nameOf));
  const steps: ScoringStep[] = [
    {
      title: 'Everyone reveals their pieces',
      text: seats.map((s) => `${nameOf(s)}: ${scoring.totals[s]}`).join(' · '),
      seats,
    },
  ];
  for (let c = 0; c < 3; c++) {
    const most = Math.max(...captured.map((p) => p[c]));
    const holders = seats.filter((s) => captured[s][c] === most);
    const leader = scoring.leaders[c];
    steps.push({
      title: `${CASTE_NAMES[c][0].toUpperCase()}${CASTE_NAMES[c].slice(1)} leader`,
      text:
        leader !== null
          ? `${nameOf(leader)} has the most ${CASTE_PLURALS[c]} (${most}) and takes the token.`
          : most === 0
            ? `Nobody has a ${CASTE_NAMES[c]}: the token stays unclaimed.`
            : `${names(holders)} tie with ${most}: the token stays unclaimed.`,
      seats: leader !== null ? [leader] : holders,
      caste: c,
    });
  }
  const { tokens, otherCastes, totals, winners, decidedBy } = scoring;
  const maxTokens = Math.max(...tokens);
  const contenders = seats.filter((s) => tokens[s] === maxTokens);
  const winnerText = winners.length > 1 ? `${names(winners)} share the victory.` : `${nameOf(winners[0])} wins.`;
  let text: string;
  switch (decidedBy) {
    case 'most-leaders':
      text = `${nameOf(winners[0])} holds ${maxTokens} leader token${maxTokens > 1 ? 's' : ''}, more than anyone else. ${winnerText}`;
      break;
    case 'other-castes':
    case 'all-pieces':
    case 'shared': {
      const others = contenders.map((s) => `${nameOf(s)} ${otherCastes[s]}`).join(', ');
      text = `${names(contenders)} hold one token each. Pieces of the castes they do not lead: ${others}.`;
      if (decidedBy !== 'other-castes') {
        const tied = contenders.filter((s) => otherCastes[s] === Math.max(...contenders.map((t) => otherCastes[t])));
        text += ` Still tied, so pieces in all: ${tied.map((s) => `${nameOf(s)} ${totals[s]}`).join(', ')}.`;
      }
      text += ` ${winnerText}`;
      break;
    }
    case 'no-leaders':
      text = `Nobody holds a leader token, so the most pieces in all wins: ${seats.map((s) => `${nameOf(s)} ${totals[s]}`).join(', ')}. ${winnerText}`;
      break;
  }
  const tokenless = seats.filter((s) => tokens[s] === 0);
  if (maxTokens > 0 && tokenless.length > 0 && decidedBy !== 'most-leaders') {
    text += ` Without a token, ${names(tokenless)} cannot win.`;
  }
  steps.push({ title: winners.length > 1 ? 'A shared victory' : 'The winner', text, seats: winners });
  const headline = winners.length > 1 ? `${names(winners)} share the victory!` : `${nameOf(winners[0])} wins!`;
  return { scoring, steps, headline };
}
