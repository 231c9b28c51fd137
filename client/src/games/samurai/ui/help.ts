import { iconSvg } from '../board/icons';
import { topCloseButton } from '../../../ui/dialog-close';
import { h } from '../../../ui/dom';
import { language, t } from '../../../i18n/i18n';
import { pieceFace } from './faces';

let dialog: HTMLDialogElement | null = null;
/** The language the dialog was built in: another one builds it again. */
let builtIn = '';

const glyph = (name: Parameters<typeof iconSvg>[0]) => h('span', { class: 'help-glyph', html: iconSvg(name, '#f1f3f5') });

/** The rules in one screen, so nobody needs the rulebook to play. */
export function openHelp(): void {
  if (dialog && builtIn !== language()) {
    dialog.remove();
    dialog = null;
  }
  if (!dialog) {
    builtIn = language();
    dialog = h(
      'dialog',
      { class: 'help', 'aria-labelledby': 'help-title', dataset: { testid: 'help' } },
      h(
        'div',
        { class: 'help-body' },
        topCloseButton(t('samurai.help.close')),
        h('h2', { id: 'help-title', text: t('samurai.help.title') }),
        h(
          'p',
          {},
          t('samurai.help.intro'),
          pieceFace(0, 18),
          t('samurai.help.buddhas'),
          pieceFace(1, 18),
          t('samurai.help.rice'),
          pieceFace(2, 18),
          t('samurai.help.castles'),
        ),
        h('h3', { text: t('samurai.help.yourTurn') }),
        h(
          'ul',
          {},
          h(
            'li',
            {},
            t('samurai.help.play1'),
            h('b', { text: t('samurai.help.play2') }),
            t('samurai.help.play3'),
            h('b', { text: t('samurai.help.play4') }),
            t('samurai.help.play5'),
            glyph('fast'),
            t('samurai.help.play6'),
          ),
          h('li', { text: t('samurai.help.choose') }),
          h(
            'li',
            {},
            h('b', { text: t('samurai.game.takeBack') }),
            t('samurai.help.takeBack'),
            h('b', { text: t('samurai.game.endTurn') }),
            t('samurai.help.endTurn'),
          ),
          h('li', { text: t('samurai.help.never') }),
        ),
        h('h3', { text: t('samurai.help.tiles') }),
        h(
          'ul',
          { class: 'help-tiles' },
          h('li', {}, glyph('buddha'), glyph('rice'), glyph('castle'), t('samurai.help.casteTiles')),
          h('li', {}, glyph('samurai'), t('samurai.help.samurai')),
          h('li', {}, glyph('ronin'), t('samurai.help.ronin')),
          h('li', {}, glyph('ship'), t('samurai.help.ships')),
          h('li', {}, glyph('switch'), t('samurai.help.switch')),
          h('li', {}, glyph('move'), t('samurai.help.move')),
        ),
        h('h3', { text: t('samurai.help.captures') }),
        h('p', {}, t('samurai.help.captures1'), h('b', { text: t('samurai.help.captures2') }), t('samurai.help.captures3')),
        h('h3', { text: t('samurai.help.end') }),
        h('p', {}, t('samurai.help.endText')),
        h('p', { class: 'muted small', text: t('samurai.help.keys') }),
        h('form', { method: 'dialog', class: 'button-row' }, h('button', { class: 'primary', text: t('samurai.help.back'), value: 'close' })),
      ),
    );
    document.body.appendChild(dialog);
  }
  dialog.showModal();
}
