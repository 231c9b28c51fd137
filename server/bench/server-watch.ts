/**
 * What bench:abuse asks the server process about while it is attacked: its memory (sampled every
 * 100 ms, so the peak between two asks is known), its live rooms and open sockets per client
 * address (which also shows that the server tells the attacker's address from the victim's), and
 * the limits it runs with (MAX_ROOMS depends on the server process's own heap limit).
 */
import type { Gatekeeper } from '../src/limits/Gatekeeper';
import type { ServerLimits } from '../src/limits/server-limits';
import { liveRooms } from '../src/live-rooms';

export interface MemorySample {
  readonly rss: number;
  readonly heapUsed: number;
  readonly external: number;
}

export interface WatchReport {
  readonly limits: ServerLimits;
  readonly now: MemorySample & { readonly rooms: number };
  /** Highest values sampled since the last report (each field on its own). */
  readonly peak: MemorySample & {
    readonly rooms: number;
    readonly socketsByAddress: Record<string, number>;
    readonly connectionsByAddress: Record<string, number>;
  };
  readonly roomsByAddress: Record<string, number>;
  readonly socketsByAddress: Record<string, number>;
  /** Plain HTTP connections open now per address (not upgraded to WebSockets). */
  readonly connectionsByAddress: Record<string, number>;
}

const SAMPLE_EVERY_MS = 100;

/**
 * Starts sampling; `report()` answers and starts a new peak. The rooms per address are private to
 * the room registry (nothing in the server needs to list them): the benchmark reads them as they
 * are, without adding an API for it.
 */
export function watchServer(gate: Gatekeeper): { report(): WatchReport } {
  const rooms = (liveRooms as unknown as { perAddress: Map<string, number> }).perAddress;
  const fresh = () => ({
    rss: 0,
    heapUsed: 0,
    external: 0,
    rooms: 0,
    socketsByAddress: {} as Record<string, number>,
    connectionsByAddress: {} as Record<string, number>,
  });
  let peak = fresh();
  const sample = () => {
    const { rss, heapUsed, external } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
    peak.external = Math.max(peak.external, external);
    peak.rooms = Math.max(peak.rooms, liveRooms.size);
    for (const [address, open] of gate.sockets.entries()) peak.socketsByAddress[address] = Math.max(peak.socketsByAddress[address] ?? 0, open);
    for (const [address, open] of gate.connections.entries()) peak.connectionsByAddress[address] = Math.max(peak.connectionsByAddress[address] ?? 0, open);
  };
  setInterval(sample, SAMPLE_EVERY_MS).unref();
  return {
    report() {
      sample();
      const { rss, heapUsed, external } = process.memoryUsage();
      const report: WatchReport = {
        limits: gate.limits,
        now: { rss, heapUsed, external, rooms: liveRooms.size },
        peak,
        roomsByAddress: Object.fromEntries(rooms),
        socketsByAddress: Object.fromEntries(gate.sockets.entries()),
        connectionsByAddress: Object.fromEntries(gate.connections.entries()),
      };
      peak = fresh();
      return report;
    },
  };
}
