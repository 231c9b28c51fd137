import type { LiveWords } from '../i18n/live-words';
import { h } from '../ui/dom';

export interface GameHeaderParts {
  /** The game's name. */
  readonly brand: string;
  /** The room's code. */
  readonly code: string;
  /** Where the header's words are bound (the screen refreshes them when the language changes). */
  readonly words: LiveWords;
  readonly roomWord: () => string;
  readonly roomTitle: () => string;
  /** The turn banner: the screen fills it. */
  readonly banner: HTMLElement;
  /** The table's controls (watchers, alerts, chat, language); none without a table (a harness). */
  readonly tableBar?: HTMLElement;
  readonly rules: { readonly label: () => string; readonly open: () => void };
  readonly leave: { readonly label: () => string; readonly go: () => void };
}

/**
 * A game's header, the same in every game: a row with the game's name, the room's code, the
 * table's controls, Rules and Leave, and under it the turn banner in a row of its own across the
 * whole width. The clocks are in the players' panels (and the one that matters in the banner),
 * so what the row holds does not grow with the players: the banner keeps its place, and the
 * board starts right under it, with any number of players, in any language.
 */
export function gameHeader(parts: GameHeaderParts): HTMLElement {
  const { words } = parts;
  return h(
    'header',
    { class: 'game-bar' },
    h(
      'div',
      { class: 'game-bar-row' },
      h('span', { class: 'brand', text: parts.brand }),
      words.bind(h('span', { class: 'room-tag' }, words.bind(h('span'), { text: parts.roomWord }), h('b', { text: parts.code })), { title: parts.roomTitle }),
      h('span', { class: 'game-bar-tools' }, parts.tableBar),
      words.bind(h('button', { type: 'button', class: 'quiet small game-bar-rules', dataset: { testid: 'rules' }, on: { click: () => parts.rules.open() } }), {
        text: parts.rules.label,
      }),
      words.bind(h('button', { type: 'button', class: 'quiet small', dataset: { testid: 'leave-game' }, on: { click: () => parts.leave.go() } }), {
        text: parts.leave.label,
      }),
    ),
    parts.banner,
  );
}
