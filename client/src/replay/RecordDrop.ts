/**
 * The home page's way into the replay viewer for a downloaded record: choose the file, or drop
 * it anywhere on the page.
 */
import { t } from '../i18n/i18n';
import { h } from '../ui/dom';
import './replay.css';

/** Far beyond any real record (a long 4-player game's is some 20 KB): a larger file is refused unread. */
const MAX_RECORD_BYTES = 2 * 1024 * 1024;

/**
 * The card with its file chooser; `page` also takes a dropped file. `open` gets the file's name
 * and text; `refuse` a reason when it cannot be read.
 */
export function recordDropCard(page: HTMLElement, open: (name: string, text: string) => void, refuse: (message: string) => void): HTMLElement {
  const read = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) return refuse(t('replay.drop.tooLarge', { file: file.name }));
    try {
      open(file.name, await file.text());
    } catch {
      refuse(t('replay.drop.unreadable', { file: file.name }));
    }
  };
  const input = h('input', {
    type: 'file',
    accept: '.json,application/json',
    id: 'record-file',
    class: 'sr-only',
    dataset: { testid: 'record-file' },
    on: { change: () => void read(input.files?.[0]) },
  });
  const card = h(
    'section',
    { class: 'card record-drop', 'aria-labelledby': 'record-title', dataset: { testid: 'record-drop' } },
    h('h2', { id: 'record-title', text: t('replay.drop.title') }),
    h('p', { class: 'muted', text: t('replay.drop.text') }),
    input,
    h('label', { for: 'record-file', class: 'button', text: t('replay.drop.choose') }),
  );
  page.addEventListener('dragover', (e) => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    card.classList.add('over');
  });
  page.addEventListener('dragleave', (e) => {
    if (e.target === page || !page.contains(e.relatedTarget as Node | null)) card.classList.remove('over');
  });
  page.addEventListener('drop', (e) => {
    if (!e.dataTransfer?.files.length) return;
    e.preventDefault();
    card.classList.remove('over');
    void read(e.dataTransfer.files[0]);
  });
  return card;
}
