import { mangoku } from '@samurai/shared';
import type { GameScreenView, TableActions } from '../../../table/game-client';
import { h } from '../../../ui/dom';
import type { MangokuModel } from '../model/view-model';
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
  private model: MangokuModel;
  private destroyed = false;

  constructor(actions: TableActions, model: MangokuModel) {
    this.model = model;
    this.spectator = model.isSpectator;
    this.el = h('div', { class: 'mk-screen' }, h('p', { class: 'boot', text: 'Setting the table…' }));
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
    };
    void import('./GameScreen').then(
      ({ GameScreen }) => {
        if (this.destroyed) return;
        this.inner = new GameScreen(gameActions, this.model);
        this.el.replaceChildren(this.inner.el);
      },
      () => {
        if (!this.destroyed) this.el.replaceChildren(h('p', { class: 'boot', text: 'The game could not be loaded. Reload the page to try again.' }));
      },
    );
  }

  /** The loaded screen (tests and tools find the table through it), or null while it loads. */
  get screen(): GameScreen | null {
    return this.inner;
  }

  update(model: MangokuModel): void {
    this.model = model;
    this.inner?.update(model);
  }

  refused(): void {
    this.inner?.refused();
  }

  destroy(): void {
    this.destroyed = true;
    this.inner?.destroy();
    this.el.remove();
  }
}
