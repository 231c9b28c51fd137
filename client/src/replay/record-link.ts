/**
 * The end screen's "Download game record": the room's record with who sat where written in
 * (names, colours, bots), so the file alone replays with the players' names. The server's record
 * names nobody; the table knows the seats.
 */
import type { RecordSeat } from '@samurai/shared';
import type { TableSeatModel } from '../table/table-model';
import { h } from '../ui/dom';

/** Who sat where, as a record names them (a person standing in for nobody: bot null). */
export function recordSeatsOf(seats: readonly TableSeatModel[]): RecordSeat[] {
  return seats.map((s) => ({ name: s.name, colour: s.colourId, bot: s.kind === 'bot' ? s.bot : null }));
}

/** The record's text with `seats` written in (a record that names its seats already keeps them). */
export function withSeats(recordText: string, seats: readonly RecordSeat[]): string {
  const record = JSON.parse(recordText) as unknown;
  if (record === null || typeof record !== 'object' || Array.isArray(record) || 'seats' in record) return recordText;
  return JSON.stringify({ ...record, seats });
}

/** A link that downloads the record at `url` as `fileName`, with `seats()` written in when known. */
export function recordLink(url: string, seats: () => readonly RecordSeat[] | null, fileName: string, text: string): HTMLAnchorElement {
  const link = h('a', { class: 'button', href: url, download: fileName, text, dataset: { testid: 'download-record' } });
  link.addEventListener('click', (e) => {
    const known = seats();
    if (!known) return;
    e.preventDefault();
    void fetch(url)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((body) => save(new Blob([withSeats(body, known)], { type: 'application/json' }), fileName))
      // The record as the server has it, then (names or not, the game is all there).
      .catch(() => save(url, fileName));
  });
  return link;
}

function save(what: Blob | string, fileName: string): void {
  const href = typeof what === 'string' ? what : URL.createObjectURL(what);
  const a = h('a', { href, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  if (typeof what !== 'string') setTimeout(() => URL.revokeObjectURL(href), 1000);
}
