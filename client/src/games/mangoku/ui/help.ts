/**
 * The rules in one dialog, so nobody needs the rulebook: the cards (from the engine's own table),
 * a campaign, battles, the Monk and the prompt, every effect, the ends, what each person may see,
 * and every resolution the project made where the printed rules are silent or contradict
 * themselves (the engine's RESOLUTIONS, worded in the interface's language: English word for word).
 */
import { mangoku } from '@samurai/shared';
import { topCloseButton } from '../../../ui/dialog-close';
import { h } from '../../../ui/dom';
import { language, t } from '../../../i18n/i18n';
import type en from '../locales/en.json';
import { effectText } from '../model/words';
import { cardFace } from './card-face';

type Translations = typeof en;

let dialog: HTMLDialogElement | null = null;
/** The language the dialog was built in: another one builds it again. */
let builtIn = '';

/** A sentence of the language files with its **bold** parts in bold (text nodes only, never markup). */
function rich(text: string): (string | Node)[] {
  return text
    .split('**')
    .map((part, i) => (i % 2 ? h('b', { text: part }) : part))
    .filter((part) => part !== '');
}

const li = (key: HelpKey, vars?: Record<string, unknown>) => h('li', {}, ...rich(t(`mangoku.help.${key}`, vars ?? {})));
const p = (key: HelpKey) => h('p', {}, ...rich(t(`mangoku.help.${key}`)));
const h3 = (key: HelpKey) => h('h3', { text: t(`mangoku.help.${key}`) });

type HelpKey = Exclude<keyof Translations['help'], 'resolutions'>;

/** A resolution's key: "empty-supply" → "emptySupply". */
const resolutionKey = (id: mangoku.ResolutionId) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof Translations['help']['resolutions'];

function cardTable(): HTMLElement {
  const counts = [2, 4, 6].map((n) => mangoku.cardCounts(n as mangoku.PlayerCount));
  return h(
    'table',
    { class: 'mk-rules-cards' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { text: t('mangoku.help.colCard') }),
        h('th', { text: '2–3 · 4–5 · 6' }),
        h('th', { text: 'BTL' }),
        h('th', { text: 'HNR' }),
        h('th', { text: t('mangoku.help.colWhen') }),
      ),
    ),
    h(
      'tbody',
      {},
      mangoku.CARD_NAMES.map((card) => {
        const info = mangoku.CARDS[card];
        return h(
          'tr',
          { dataset: { card } },
          h('th', { scope: 'row' }, cardFace(card)),
          h('td', { text: counts.map((c) => String(c[card])).join(' · ') }),
          h('td', { text: String(info.btl) }),
          h('td', { text: String(info.hnr) }),
          h('td', { text: effectText(card) }),
        );
      }),
    ),
  );
}

function body(): HTMLElement {
  return h(
    'div',
    { class: 'help-body' },
    topCloseButton(t('mangoku.help.close')),
    h('h2', { id: 'mk-help-title', text: t('mangoku.help.title') }),
    p('intro'),
    h3('cardsTitle'),
    h('p', { class: 'muted small', text: t('mangoku.help.cardsNote') }),
    cardTable(),
    h3('setupTitle'),
    h('ul', {}, li('setup1'), li('setup2')),
    h3('campaignTitle'),
    h('ul', {}, li('campaign1'), li('campaign2'), li('campaign3'), li('campaign4'), li('campaign5')),
    h3('targetsTitle'),
    h('ul', {}, li('targets1'), li('targets2'), li('targets3')),
    h3('battleTitle'),
    p('battleIntro'),
    h('ol', {}, li('battle1'), li('battle2'), li('battle3')),
    p('battleAfter'),
    h3('monkTitle'),
    h('ul', {}, li('monk1'), li('monk2')),
    h3('effectsTitle'),
    h(
      'ul',
      {},
      li('effect1', { seconds: mangoku.REVEAL_SECONDS }),
      li('effect2'),
      li('effect3'),
      li('effect4'),
      li('effect5'),
      li('effect6'),
      li('effect7'),
      li('effect8'),
    ),
    h3('endCampaignTitle'),
    h('ul', {}, li('endCampaign1'), li('endCampaign2'), li('endCampaign3'), li('endCampaign4')),
    h3('endGameTitle'),
    h('p', { text: t('mangoku.help.endGame') }),
    h3('seeTitle'),
    h('ul', {}, li('see1'), li('see2'), li('see3')),
    h3('resolutionsTitle'),
    h(
      'ul',
      { dataset: { testid: 'resolutions' } },
      mangoku.RESOLUTIONS.map((r) => h('li', { dataset: { resolution: r.id }, text: t(`mangoku.help.resolutions.${resolutionKey(r.id)}`) })),
    ),
    h3('playingTitle'),
    h('ul', {}, li('playing1'), li('playing2'), li('playing3'), li('playing4')),
    h('form', { method: 'dialog', class: 'button-row' }, h('button', { class: 'primary', text: t('mangoku.help.back'), value: 'close' })),
  );
}

/** Opens the rules (in the language shown now). */
export function openHelp(): void {
  if (dialog && builtIn !== language()) {
    dialog.remove();
    dialog = null;
  }
  if (!dialog) {
    builtIn = language();
    dialog = h('dialog', { class: 'help mk-help', 'aria-labelledby': 'mk-help-title', dataset: { testid: 'help' } }, body());
    document.body.appendChild(dialog);
  }
  dialog.showModal();
}
