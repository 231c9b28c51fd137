/**
 * Places in words people can find on the board: Edo and the three cities by the names the board
 * prints on them, each village by its way from the nearest of those on its island ("the village
 * north of Edo", "the second village west of Kyoto": count from the city), on Kyushu and Shikoku by
 * its part of the island, and land and sea by the settlement they border ("land north-east of
 * Edo"). Pure, and worked out once for the whole map.
 */
import { HEXES, Island, SETTLEMENTS } from '@samurai/shared';

/** The names the board prints on Edo and the cities, by hex. */
export const CITY_NAMES: Readonly<Record<string, string>> = {
  '14,13': 'Edo',
  '14,9': 'Sendai',
  '11,15': 'Kyoto',
  '15,4': 'Matsumae',
};

const ISLAND_NAMES: Readonly<Record<Island, string>> = { honshu: 'Honshu', kyushu: 'Kyushu', shikoku: 'Shikoku', hokkaido: 'Hokkaido' };
const COMPASS = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'] as const;
const ORDINALS = ['', 'second ', 'third ', 'fourth '];
const SQRT3 = Math.sqrt(3);

/** The map's own geometry (north up), whatever the board's turn on screen. */
function centre(hex: number): { x: number; y: number } {
  const h = HEXES[hex];
  return { x: 1.5 * h.col, y: SQRT3 * (h.row + 0.5 * (h.col & 1)) };
}

function compass(from: number, to: number): (typeof COMPASS)[number] {
  const a = centre(from);
  const b = centre(to);
  const sector = Math.round(Math.atan2(b.y - a.y, b.x - a.x) / (Math.PI / 4));
  return COMPASS[((sector % 8) + 8) % 8];
}

function distance(a: number, b: number): number {
  const p = centre(a);
  const q = centre(b);
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/** Every settlement's name, by hex. */
function settlementNames(): Map<number, string> {
  const names = new Map<number, string>();
  const cities = SETTLEMENTS.filter((s) => CITY_NAMES[HEXES[s.hex].name]).map((s) => s.hex);
  for (const hex of cities) names.set(hex, CITY_NAMES[HEXES[hex].name]);
  // Villages grouped by how they are found (the same way from the same city), nearest first.
  const groups = new Map<string, { hex: number; distance: number }[]>();
  for (const s of SETTLEMENTS) {
    if (names.has(s.hex)) continue;
    const island = HEXES[s.hex].island!;
    const landmarks = cities.filter((c) => HEXES[c].island === island);
    let key: string;
    let d = 0;
    if (landmarks.length > 0) {
      const nearest = landmarks.reduce((best, c) => (distance(c, s.hex) < distance(best, s.hex) ? c : best));
      d = distance(nearest, s.hex);
      key = `${compass(nearest, s.hex)} of ${CITY_NAMES[HEXES[nearest].name]}`;
    } else {
      // No city on the island: the part of the island, seen from the middle of its villages.
      const own = SETTLEMENTS.filter((t) => HEXES[t.hex].island === island).map((t) => centre(t.hex));
      const middle = { x: own.reduce((sum, p) => sum + p.x, 0) / own.length, y: own.reduce((sum, p) => sum + p.y, 0) / own.length };
      const p = centre(s.hex);
      const sector = Math.round(Math.atan2(p.y - middle.y, p.x - middle.x) / (Math.PI / 4));
      key = `in the ${COMPASS[((sector % 8) + 8) % 8]} of ${ISLAND_NAMES[island]}`;
    }
    const group = groups.get(key) ?? [];
    group.push({ hex: s.hex, distance: d });
    groups.set(key, group);
  }
  for (const [key, group] of groups) {
    group.sort((a, b) => a.distance - b.distance);
    group.forEach(({ hex }, i) => names.set(hex, `the ${ORDINALS[i] ?? `${i + 1}th `}village ${key}`));
  }
  return names;
}

const SETTLEMENT_NAMES = settlementNames();
const KIND_RANK: Readonly<Record<string, number>> = { edo: 0, city: 1, village: 2 };

/**
 * A land or sea hex: by the settlement it borders (Edo and cities first), else the nearest one;
 * only ever by one on every board the hex is on (so the 2-player board never names Hokkaido's).
 */
function hexName(hex: number): string {
  const kind = HEXES[hex].kind === 'sea' ? 'the sea' : 'land';
  const steps = (s: number) => Math.round(distance(s, hex) / SQRT3);
  const settlements = SETTLEMENTS.filter((s) => s.minPlayers <= HEXES[hex].minPlayers).sort((a, b) => steps(a.hex) - steps(b.hex) || KIND_RANK[a.kind] - KIND_RANK[b.kind] || distance(a.hex, hex) - distance(b.hex, hex));
  const nearest = settlements[0];
  const away = steps(nearest.hex);
  const place = SETTLEMENT_NAMES.get(nearest.hex)!;
  return `${kind} ${away <= 1 ? '' : `${away} hexes `}${compass(nearest.hex, hex)} of ${place}`;
}

const NAMES: readonly string[] = HEXES.map((h) => SETTLEMENT_NAMES.get(h.index) ?? hexName(h.index));

/** The place's name in words: "Edo", "Kyoto", "the village north of Edo", "land north-east of Edo". */
export function placeName(hex: number): string {
  return NAMES[hex] ?? '';
}
