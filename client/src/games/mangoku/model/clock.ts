/**
 * The game's clock on this browser. The room says when a prompt or a reveal ends on the server's
 * clock; this browser's clock may differ. A deadline is believed when it falls within the time the
 * thing can last from when this browser first saw it; otherwise (clocks that disagree) it ends
 * that long after it was first seen here.
 */
export function localDeadline(serverEndsAt: number, fullMs: number, firstSeen: number): number {
  if (serverEndsAt < firstSeen || serverEndsAt > firstSeen + fullMs) return firstSeen + fullMs;
  return serverEndsAt;
}

/** Remembers when each thing (by key) was first seen, forgetting those no longer shown. */
export class FirstSeen {
  private readonly seen = new Map<string, number>();

  /** When `key` was first seen (now, if it is new); keys not in `live` are forgotten. */
  at(key: string, now: number): number {
    let t = this.seen.get(key);
    if (t === undefined) {
      t = now;
      this.seen.set(key, t);
    }
    return t;
  }

  keep(live: readonly string[]): void {
    for (const key of [...this.seen.keys()]) if (!live.includes(key)) this.seen.delete(key);
  }
}
