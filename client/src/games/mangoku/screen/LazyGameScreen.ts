import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import type { GameScreenView, TableActions } from '../../../table/game-client';
import { h } from '../../../ui/dom';
import type { MangokuModel } from '../model/view-model';
import type { SpectatorScreen } from '../replay/SpectatorScreen';
import type { GameActions, GameScreen } from './GameScreen';

/**
 * The game screen, loaded on demand: the card table (Pixi and the screen's code) arrives only
 * once a game starts, so the home page and the lobby stay light. Until it has loaded, a line says
 * so; the latest model waits for it.
 */
export class LazyGameScreen implements GameScreenView<MangokuModel> {
  readonly el: HTMLElement;
  readonly spectator: boolean;
  private inner: GameScreen | null = null;
  private outer: GameScreen | SpectatorScreen | null = null;
  private model: MangokuModel;
  private destroyed = false;

  constructor(actions: TableActions, model: MangokuModel) {
    this.model = model;
    this.spectator = model.isSpectator;
    this.el = h('div', { class: 'mk-screen' }, h('p', { class: 'boot', text: t('mangoku.game.loading') }));
    const gameActions: GameActions = {
      move: (move) => {
        const intent = mangoku.moveToIntent(move);
        actions.send(intent.type, intent.payload);
      },
      rematch: () => actions.send('rematch'),
      standIn: (seat) => actions.send('standIn', { seat }),
      resume: () => actions.send('resume'),
      leave: () => actions.leave(),
      notify: (text, kind) => actions.notify(text, kind),
      recordUrl: () => actions.recordUrl(),
      replayUrl: (game) => actions.replayUrl(game),
      tableBar: actions.tableBar,
      clocks: actions.clocks,
      hints: true,
    };
    // A spectator's screen wraps the game screen with a bar to look back through the game so far.
    const screen = this.spectator
      ? import('../replay/SpectatorScreen').then(
          ({ SpectatorScreen }) =>
            (m: MangokuModel) =>
              new SpectatorScreen(gameActions, m),
        )
      : import('./GameScreen').then(
          ({ GameScreen }) =>
            (m: MangokuModel) =>
              new GameScreen(gameActions, m),
        );
    void screen.then(
      (create) => {
        if (this.destroyed) return;
        this.outer = create(this.model);
        this.inner = 'game' in this.outer ? this.outer.game : this.outer;
        this.el.replaceChildren(this.outer.el);
      },
      () => {
        if (!this.destroyed) this.el.replaceChildren(h('p', { class: 'boot', text: t('mangoku.game.loadFailed') }));
      },
    );
  }

  /** The loaded screen (tests and tools find the table through it), or null while it loads. */
  get screen(): GameScreen | null {
    return this.inner;
  }

  update(model: MangokuModel): void {
    this.model = model;
    this.outer?.update(model);
  }

  refused(): void {
    this.outer?.refused();
  }

  destroy(): void {
    this.destroyed = true;
    this.outer?.destroy();
    this.el.remove();
  }
}
