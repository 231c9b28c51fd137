import { LogEntry } from '@samurai/shared';
import { SeatModel } from '../model/view-model';
import { logLines } from '../model/words';
import { language, t } from '../../../i18n/i18n';
import { fill, h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';

/** Every public event, newest last, plus private notes (your draws) that only you see. */
export class LogPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private readonly title: HTMLElement;
  private key = '';
  /** The entries and names the list's items show now, one item per entry, while there are no notes (else null). */
  private scrollFrame = 0;
  private shown: { entries: readonly LogEntry[]; names: string } | null = null;
  private notes: { at: number; text: () => string }[] = [];
  private entries: readonly LogEntry[] = [];
  private seats: readonly SeatModel[] = [];
  /** Follow new lines unless the reader has scrolled up to read older ones. */
  private following = true;
  private lastTop = 0;
  private readonly resizeObserver: ResizeObserver;

  /** The line last tapped on a touch screen, whose hexes stay pointed out until it is tapped again. */
  private tapped = '';

  /** `point`: hexes to point out on the board; `tapped` when a tap (not a resting pointer) asked. */
  constructor(point: (hexes: number[], tapped: boolean) => void = () => undefined) {
    this.list = h('ol', { class: 'log-list', dataset: { testid: 'log' }, 'aria-live': 'polite', tabindex: 0 });
    // Resting the pointer on a line points its hexes out on the board.
    const hexesOf = (line: HTMLElement | null | undefined) => (line?.dataset.hexes ? line.dataset.hexes.split(' ').map(Number) : []);
    this.list.addEventListener('pointerover', (e) => {
      if (e.pointerType === 'touch') return;
      point(hexesOf((e.target as HTMLElement).closest<HTMLElement>('.log-line')), false);
    });
    this.list.addEventListener('pointerleave', (e) => e.pointerType !== 'touch' && point([], false));
    // Nothing rests on a touch screen: a tap on a line points its hexes out, a second tap lets go.
    this.list.addEventListener('click', (e) => {
      if ((e as PointerEvent).pointerType === 'mouse') return;
      const line = (e.target as HTMLElement).closest<HTMLElement>('.log-line');
      const hexes = hexesOf(line);
      if (!line || hexes.length === 0) return;
      const again = this.tapped === line.dataset.hexes;
      this.tapped = again ? '' : line.dataset.hexes!;
      for (const other of this.list.querySelectorAll('.log-line.pointed')) other.classList.remove('pointed');
      line.classList.toggle('pointed', !again);
      point(again ? [] : hexes, true);
    });
    // Only the reader scrolling up stops the following (the panel resizing moves nothing up).
    this.list.addEventListener('scroll', () => {
      const top = this.list.scrollTop;
      const atBottom = this.list.scrollHeight - top - this.list.clientHeight < 24;
      if (atBottom) this.following = true;
      else if (top < this.lastTop - 1) this.following = false;
      this.lastTop = top;
    });
    // The panel grows and shrinks with the others: keep the newest line in view meanwhile.
    this.resizeObserver = new ResizeObserver(() => this.following && this.toBottom());
    this.resizeObserver.observe(this.list);
    this.title = h('h2', { class: 'panel-title' });
    this.el = h('section', { class: 'panel log-panel' }, this.title, this.list);
    this.setWords();
  }

  update(entries: readonly LogEntry[], seats: readonly SeatModel[]): void {
    this.entries = entries;
    this.seats = seats;
    this.render();
  }

  destroy(): void {
    cancelAnimationFrame(this.scrollFrame);
    this.resizeObserver.disconnect();
  }

  /** Its words again, in the language chosen now (the lines are rebuilt from the entries). */
  relabel(): void {
    this.setWords();
    this.key = '';
    this.shown = null;
    this.render();
  }

  private setWords(): void {
    this.title.textContent = t('samurai.log.title');
    this.el.setAttribute('aria-label', t('samurai.log.title'));
    this.list.setAttribute('aria-label', t('samurai.log.title'));
  }

  /** A private line after the current last entry ("You drew …"), worded in the language shown. */
  note(text: () => string): void {
    this.notes.push({ at: this.entries.length, text });
    this.render();
  }

  reset(): void {
    this.notes = [];
    this.key = '';
    this.shown = null;
  }

  private render(): void {
    // The log changes at its end only, but a take-back and the next play leave its length as it was.
    const names = JSON.stringify(this.seats.map((s) => s.name));
    const key = JSON.stringify([this.entries.length, this.entries[this.entries.length - 1], this.notes.length, names]);
    if (key === this.key) return;
    this.key = key;
    if (this.renderChange(names)) return;
    const items: HTMLElement[] = [];
    let note = 0;
    this.itemsOf(this.entries).forEach((item, i) => {
      items.push(item);
      while (note < this.notes.length && this.notes[note].at <= i + 1) {
        items.push(h('li', { class: 'log-line private', text: this.notes[note].text() }));
        note++;
      }
    });
    for (; note < this.notes.length; note++) items.push(h('li', { class: 'log-line private', text: this.notes[note].text() }));
    if (items.length === 0) items.push(h('li', { class: 'log-line muted', text: t('samurai.log.empty') }));
    fill(this.list, items);
    this.shown = this.notes.length === 0 && this.entries.length > 0 ? { entries: this.entries.slice(), names } : null;
    if (this.following) this.toBottomSoon();
  }

  /**
   * Only the end changed (a move's entries added, a take-back's removed, a replay stepping on or
   * back): those items alone are added or removed, so a long log costs nothing per step. False
   * when the whole list must be drawn again.
   */
  private renderChange(names: string): boolean {
    const shown = this.shown;
    if (!shown || shown.names !== names || this.notes.length > 0 || this.entries.length === 0) return false;
    const common = Math.min(shown.entries.length, this.entries.length);
    // The lists share their first `common` entries when their last common ones are the same (the log changes at its end only).
    if (common > 0 && JSON.stringify(shown.entries[common - 1]) !== JSON.stringify(this.entries[common - 1])) return false;
    while (this.list.children.length > common) this.list.lastElementChild!.remove();
    this.list.append(...this.itemsOf(this.entries.slice(common)));
    this.shown = { entries: this.entries.slice(), names };
    if (this.following) this.toBottomSoon();
    return true;
  }

  /**
   * Each entry's item as first drawn (its words are the costly part), copied when shown again: a
   * replay going back and on, or jumping, words no entry twice. Dropped when the seats' names or
   * looks or the language change.
   */
  private readonly drawnItems = new Map<string, HTMLElement>();
  private drawnFor = '';

  private itemsOf(entries: readonly LogEntry[]): HTMLElement[] {
    const drawnFor = JSON.stringify([language(), this.seats.map((s) => [s.name, s.look])]);
    if (drawnFor !== this.drawnFor) {
      this.drawnFor = drawnFor;
      this.drawnItems.clear();
    }
    return entries.map((entry) => {
      const key = JSON.stringify(entry);
      let item = this.drawnItems.get(key);
      if (!item) {
        item = this.item(logLines([entry], this.nameOf)[0]);
        this.drawnItems.set(key, item);
      }
      return item.cloneNode(true) as HTMLElement;
    });
  }

  private readonly nameOf = (seat: number): string => this.seats[seat]?.name || t('samurai.seat', { n: seat + 1 });

  private item(line: ReturnType<typeof logLines>[number]): HTMLElement {
    if (line.kind === 'end') return h('li', { class: 'log-line end', dataset: { kind: 'end' }, text: line.text });
    const seat = line.seat === null ? null : this.seats[line.seat];
    return h(
      'li',
      { class: `log-line ${line.kind}`, dataset: { kind: line.kind, hexes: line.hexes.join(' ') } },
      seat ? seatMark(seat.look, 14) : h('span', { class: 'seat-mark none', 'aria-hidden': 'true' }),
      h('span', { text: line.text }),
    );
  }

  /** Scrolls to the newest line at the next frame: reading the list's height now would lay the whole page out at every change. */
  private toBottomSoon(): void {
    if (this.scrollFrame) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = 0;
      if (this.following) this.toBottom();
    });
  }

  private toBottom(): void {
    this.list.scrollTop = this.list.scrollHeight;
    this.lastTop = this.list.scrollTop;
  }
}
