/**
 * The page of a guided first game (`/?learn=<game>`): a small shell in the main bundle that loads
 * the lesson (the runner, the coach and the game's script) only when it is opened.
 */
import { t } from '../i18n/i18n';
import type { AnyGameClient } from '../table/game-client';
import { h } from '../ui/dom';
import type { TutorialScreen, TutorialScreenActions } from './TutorialScreen';

/** The game a `?learn=` address asks for, if it has a lesson. */
export function lessonGameOf(search: string, games: readonly AnyGameClient[]): AnyGameClient | null {
  const type = new URLSearchParams(search).get('learn');
  return games.find((g) => g.type === type && g.tutorial) ?? null;
}

/** The address of a game's lesson, from the page's own. */
export function lessonUrl(href: string, type: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('learn', type);
  return url.href;
}

export class LessonPage {
  readonly el: HTMLElement;
  private screen: TutorialScreen | null = null;
  private destroyed = false;

  constructor(game: AnyGameClient, actions: TutorialScreenActions & { notify(text: string, kind?: 'info' | 'error'): void }) {
    this.el = h('div', { class: 'lesson', dataset: { testid: 'lesson', game: game.type } }, h('p', { class: 'boot', text: t('tutorial.coach.loading') }));
    void Promise.all([import('./TutorialScreen'), game.tutorial!.load()]).then(
      ([module, tutorial]) => {
        if (!this.destroyed) this.screen = new module.TutorialScreen(this.el, tutorial, actions, (code) => game.errorText?.(code) ?? null);
      },
      (e: Error) => actions.notify(e.message, 'error'),
    );
  }

  /** Test and tooling hook: the lesson on show, once loaded. */
  get current(): TutorialScreen | null {
    return this.screen;
  }

  destroy(): void {
    this.destroyed = true;
    this.screen?.destroy();
    this.el.remove();
  }
}
