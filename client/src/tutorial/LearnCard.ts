/** The home page's way into the guided first games: one link per game that has a lesson. */
import { t } from '../i18n/i18n';
import type { AnyGameClient } from '../table/game-client';
import { h } from '../ui/dom';
import { lessonUrl } from './LessonPage';

export function learnCard(games: readonly AnyGameClient[]): HTMLElement | null {
  const taught = games.filter((g) => g.tutorial);
  if (taught.length === 0) return null;
  return h(
    'section',
    { class: 'card learn-card', 'aria-labelledby': 'learn-title', dataset: { testid: 'learn' } },
    h('h2', { id: 'learn-title', text: t('tutorial.learn.title') }),
    h('p', { class: 'muted', text: t('tutorial.learn.text') }),
    h(
      'div',
      { class: 'button-row' },
      taught.map((g) =>
        h('a', {
          class: 'button',
          href: lessonUrl(location.href, g.type),
          text: t('tutorial.learn.play', { game: g.title }),
          dataset: { testid: 'learn-game', game: g.type },
        }),
      ),
    ),
  );
}
