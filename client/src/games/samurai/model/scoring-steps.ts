/**
 * The scoring reveal, step by step, as the rules tell it: pieces revealed, a leader token per
 * caste, then whatever decided the game, in the interface's language. The engine's `score` does
 * the reckoning.
 */
import { PieceCounts, score, Scoring } from '@samurai/shared';
import { listOf, t } from '../../../i18n/i18n';
import { CASTE_KEYS, castePhrase, castePlural } from './words';

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

/** `you`: the seat the words speak to ("You have the most Buddhas", "You win!"); -1 for none. */
export function scoringReveal(captured: readonly PieceCounts[], nameOf: (seat: number) => string, you = -1): ScoringReveal {
  const scoring = score(captured);
  const to = (seat: number) => (seat === you ? 'you' : undefined);
  const seats = captured.map((_, s) => s);
  const names = (group: readonly number[]) => listOf(group.map(nameOf));
  const steps: ScoringStep[] = [
    {
      title: t('samurai.scoring.reveal'),
      text: seats.map((s) => `${nameOf(s)}: ${scoring.totals[s]}`).join(' · '),
      seats,
    },
  ];
  for (let c = 0; c < 3; c++) {
    const most = Math.max(...captured.map((p) => p[c]));
    const holders = seats.filter((s) => captured[s][c] === most);
    const leader = scoring.leaders[c];
    steps.push({
      title: t(`samurai.scoring.leaderTitle.${CASTE_KEYS[c]}`),
      text:
        leader !== null
          ? t('samurai.scoring.takesToken', { name: nameOf(leader), castes: castePlural(c), most, context: to(leader) })
          : most === 0
            ? t('samurai.scoring.nobodyHas', { piece: castePhrase(c, 'a') })
            : t('samurai.scoring.tie', { names: names(holders), most }),
      seats: leader !== null ? [leader] : holders,
      caste: c,
    });
  }
  const { tokens, otherCastes, totals, winners, decidedBy } = scoring;
  const maxTokens = Math.max(...tokens);
  const contenders = seats.filter((s) => tokens[s] === maxTokens);
  const winnerText =
    winners.length > 1
      ? t('samurai.scoring.share', { names: names(winners) })
      : t('samurai.scoring.wins', { name: nameOf(winners[0]), context: to(winners[0]) });
  let text: string;
  switch (decidedBy) {
    case 'most-leaders':
      text = t('samurai.scoring.mostLeaders', { name: nameOf(winners[0]), count: maxTokens, winner: winnerText, context: to(winners[0]) });
      break;
    case 'other-castes':
    case 'all-pieces':
    case 'shared': {
      const others = listOf(contenders.map((s) => `${nameOf(s)} ${otherCastes[s]}`));
      text = t('samurai.scoring.oneEach', { names: names(contenders), others });
      if (decidedBy !== 'other-castes') {
        const tied = contenders.filter((s) => otherCastes[s] === Math.max(...contenders.map((t) => otherCastes[t])));
        text += t('samurai.scoring.stillTied', { totals: listOf(tied.map((s) => `${nameOf(s)} ${totals[s]}`)) });
      }
      text += ` ${winnerText}`;
      break;
    }
    case 'no-leaders':
      text = t('samurai.scoring.noLeaders', { totals: listOf(seats.map((s) => `${nameOf(s)} ${totals[s]}`)), winner: winnerText });
      break;
  }
  const tokenless = seats.filter((s) => tokens[s] === 0);
  if (maxTokens > 0 && tokenless.length > 0 && decidedBy !== 'most-leaders') {
    text += t('samurai.scoring.tokenless', { names: names(tokenless) });
  }
  steps.push({ title: winners.length > 1 ? t('samurai.scoring.sharedTitle') : t('samurai.scoring.winnerTitle'), text, seats: winners });
  const headline =
    winners.length > 1
      ? t('samurai.scoring.shareHeadline', { names: names(winners) })
      : t('samurai.scoring.winsHeadline', { name: nameOf(winners[0]), context: to(winners[0]) });
  return { scoring, steps, headline };
}
