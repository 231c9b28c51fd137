/**
 * The game log in words, rebuilt from the view: each campaign's turns with their public outcomes
 * (events carry the index of the turn they belong to), answers once they are public, the turn in
 * progress, campaign ends with the honour draw-off, and the game's end. Hands shown to the viewer
 * alone are private lines that only the viewer's log holds. Each line is worded from the structured
 * view in the interface's language when it is built.
 */
import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { answerText, campaignEndLines, chainText, eventText, nameOf, playToChain, resultLines, shownText, Wording, youContext } from './words';

export const LOG_KINDS = ['campaign', 'play', 'answers', 'event', 'end', 'private', 'result'] as const;
/** campaign: a campaign begins; play: a turn's plays; answers: what was answered, once public; event: an outcome; end: a campaign's end; private: shown to you only; result: the game's end. */
export type LogKind = (typeof LOG_KINDS)[number];

export interface LogLine {
  readonly kind: LogKind;
  /** The seat the line is about (for its mark), or null. */
  readonly seat: number | null;
  readonly text: string;
  /** The campaign it belongs to, from 0. */
  readonly campaign: number;
}

function answersLine(w: Wording, answers: readonly mangoku.AnswerRecord[]): string {
  // "You" starts only the sentence: later in it, "you".
  const youStart = t('mangoku.youStart');
  const text = answers.map((a, i) => {
    const said = answerText(w, a.seat, a.answer);
    return i > 0 && said.startsWith(youStart) ? t('mangoku.you') + said.slice(youStart.length) : said;
  });
  return t('mangoku.log.answers', { answers: text.join(t('mangoku.log.answersJoin')) });
}

/** The log as `w.viewer` may read it. */
export function logLines(view: mangoku.GameView, w: Wording): LogLine[] {
  const lines: LogLine[] = [];
  view.campaigns.forEach((campaign, c) => {
    const last = c === view.campaigns.length - 1;
    lines.push({
      kind: 'campaign',
      seat: campaign.first,
      campaign: c,
      text: t('mangoku.log.campaign', { n: c + 1, name: nameOf(w, campaign.first), context: youContext(w, campaign.first) }),
    });
    const eventsOf = (turn: number) => campaign.events.filter((e) => e.turn === turn);
    const shownOf = (turn: number) => (last ? view.shown.filter((s) => s.turn === turn) : []);
    const outcomes = (turn: number) => {
      for (const event of eventsOf(turn))
        lines.push({
          kind: 'event',
          seat: 'seat' in event ? event.seat : event.type === 'coins' ? (typeof event.to === 'number' ? event.to : (event.from as number)) : null,
          campaign: c,
          text: eventText(w, event),
        });
      for (const shown of shownOf(turn)) lines.push({ kind: 'private', seat: shown.from, campaign: c, text: shownText(w, shown) });
    };
    campaign.turns.forEach((turn, t) => {
      lines.push({ kind: 'play', seat: turn.seat, campaign: c, text: chainText(w, turn.seat, playToChain(turn.play)) });
      if (turn.answers?.length) lines.push({ kind: 'answers', seat: null, campaign: c, text: answersLine(w, turn.answers) });
      outcomes(t);
    });
    if (last && view.turn && view.turn.chain.length) {
      const t = campaign.turns.length;
      lines.push({ kind: 'play', seat: view.turn.seat, campaign: c, text: chainText(w, view.turn.seat, view.turn.chain) });
      if (view.turn.answers.length) lines.push({ kind: 'answers', seat: null, campaign: c, text: answersLine(w, view.turn.answers) });
      outcomes(t);
    }
    for (const text of campaignEndLines(w, c + 1, campaign)) lines.push({ kind: 'end', seat: campaign.end?.winner ?? null, campaign: c, text });
  });
  if (view.result) {
    const c = Math.max(0, view.campaigns.length - 1);
    for (const text of resultLines(w, view.result)) lines.push({ kind: 'result', seat: view.result.winners[0], campaign: c, text });
  }
  return lines;
}
