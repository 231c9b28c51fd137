/**
 * Places in words people can find on the board: Edo and the three cities by the names the board
 * prints on them, each village by its way from the nearest of those on its island ("the village
 * north of Edo", "the second village west of Kyoto": count from the city), on Kyushu and Shikoku by
 * its part of the island, and land and sea by the settlement they border ("land north-east of
 * Edo"). The map's geometry is worked out once; the words come from the interface's language at
 * each call, in three forms: the name alone, "of" it, and "at" it (languages put their own
 * prepositions and articles there: "à Edo", "au village…", "im Dorf…").
 */
import { HEXES, Island, SETTLEMENTS } from '@samurai/shared';
import { t } from '../../../i18n/i18n';

/** The names the board prints on Edo and the cities, by hex. */
export const CITY_NAMES: Readonly<Record<string, string>> = {
  '14,13': 'Edo',
  '14,9': 'Sendai',
  '11,15': 'Kyoto',
  '15,4': 'Matsumae',
};

type City = 'edo' | 'sendai' | 'kyoto' | 'matsumae';
const CITY_KEYS: Readonly<Record<string, City>> = { '14,13': 'edo', '14,9': 'sendai', '11,15': 'kyoto', '15,4': 'matsumae' };
const COMPASS = ['east', 'southEast', 'south', 'southWest', 'west', 'northWest', 'north', 'northEast'] as const;
type Compass = (typeof COMPASS)[number];
const SQRT3 = Math.sqrt(3);

/** How a place is found: worked out once from the map, put in words on demand. */
type Settlement =
  | { readonly kind: 'city'; readonly city: City }
  | { readonly kind: 'village'; readonly nth: number; readonly dir: Compass; readonly city: City }
  | { readonly kind: 'islandVillage'; readonly nth: number; readonly part: Compass; readonly island: Island };
type Place = Settlement | { readonly kind: 'land' | 'sea'; readonly away: number; readonly dir: Compass; readonly of: number };

/** A place's words: alone ("the village north of Edo"), "of" it ("of the village…"), "at" it. */
export type PlaceForm = 'name' | 'of' | 'at';

/** The map's own geometry (north up), whatever the board's turn on screen. */
function centre(hex: number): { x: number; y: number } {
  const h = HEXES[hex];
  return { x: 1.5 * h.col, y: SQRT3 * (h.row + 0.5 * (h.col & 1)) };
}

function compass(from: number, to: number): Compass {
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

/** Every settlement, by hex: how it is found. */
function settlementPlaces(): Map<number, Settlement> {
  const places = new Map<number, Settlement>();
  const cities = SETTLEMENTS.filter((s) => CITY_KEYS[HEXES[s.hex].name]).map((s) => s.hex);
  for (const hex of cities) places.set(hex, { kind: 'city', city: CITY_KEYS[HEXES[hex].name] });
  // Villages grouped by how they are found (the same way from the same city), nearest first.
  const groups = new Map<string, { hex: number; distance: number; place: (nth: number) => Settlement }[]>();
  for (const s of SETTLEMENTS) {
    if (places.has(s.hex)) continue;
    const island = HEXES[s.hex].island!;
    const landmarks = cities.filter((c) => HEXES[c].island === island);
    let key: string;
    let d = 0;
    let place: (nth: number) => Settlement;
    if (landmarks.length > 0) {
      const nearest = landmarks.reduce((best, c) => (distance(c, s.hex) < distance(best, s.hex) ? c : best));
      d = distance(nearest, s.hex);
      const dir = compass(nearest, s.hex);
      const city = CITY_KEYS[HEXES[nearest].name];
      key = `${dir} ${city}`;
      place = (nth) => ({ kind: 'village', nth, dir, city });
    } else {
      // No city on the island: the part of the island, seen from the middle of its villages.
      const own = SETTLEMENTS.filter((t) => HEXES[t.hex].island === island).map((t) => centre(t.hex));
      const middle = { x: own.reduce((sum, p) => sum + p.x, 0) / own.length, y: own.reduce((sum, p) => sum + p.y, 0) / own.length };
      const p = centre(s.hex);
      const sector = Math.round(Math.atan2(p.y - middle.y, p.x - middle.x) / (Math.PI / 4));
      const part = COMPASS[((sector % 8) + 8) % 8];
      key = `in ${part} ${island}`;
      place = (nth) => ({ kind: 'islandVillage', nth, part, island });
    }
    const group = groups.get(key) ?? [];
    group.push({ hex: s.hex, distance: d, place });
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    group.sort((a, b) => a.distance - b.distance);
    group.forEach(({ hex, place }, i) => places.set(hex, place(i + 1)));
  }
  return places;
}

const SETTLEMENT_PLACES = settlementPlaces();
const KIND_RANK: Readonly<Record<string, number>> = { edo: 0, city: 1, village: 2 };

/**
 * A land or sea hex: by the settlement it borders (Edo and cities first), else the nearest one;
 * only ever by one on every board the hex is on (so the 2-player board never names Hokkaido's).
 */
function hexPlace(hex: number): Place {
  const steps = (s: number) => Math.round(distance(s, hex) / SQRT3);
  const settlements = SETTLEMENTS.filter((s) => s.minPlayers <= HEXES[hex].minPlayers).sort(
    (a, b) => steps(a.hex) - steps(b.hex) || KIND_RANK[a.kind] - KIND_RANK[b.kind] || distance(a.hex, hex) - distance(b.hex, hex),
  );
  const nearest = settlements[0];
  return { kind: HEXES[hex].kind === 'sea' ? 'sea' : 'land', away: steps(nearest.hex), dir: compass(nearest.hex, hex), of: nearest.hex };
}

const PLACES: readonly Place[] = HEXES.map((h) => SETTLEMENT_PLACES.get(h.index) ?? hexPlace(h.index));

function ordinal(n: number): string {
  if (n === 2) return t('samurai.places.ordinal.second');
  if (n === 3) return t('samurai.places.ordinal.third');
  if (n === 4) return t('samurai.places.ordinal.fourth');
  return t('samurai.places.ordinal.nth', { n });
}

function words(place: Place, form: PlaceForm): string {
  switch (place.kind) {
    case 'city':
      if (form === 'of') return t(`samurai.places.citiesOf.${place.city}`);
      return form === 'at' ? t('samurai.places.cityAt', { city: t(`samurai.places.cities.${place.city}`) }) : t(`samurai.places.cities.${place.city}`);
    case 'village': {
      const vars = { dir: t(`samurai.places.dir.${place.dir}`), of: t(`samurai.places.citiesOf.${place.city}`) };
      const core = place.nth === 1 ? t('samurai.places.villageCore', vars) : t('samurai.places.villageCoreNth', { ...vars, ordinal: ordinal(place.nth) });
      return t(`samurai.places.village.${form}`, { core });
    }
    case 'islandVillage': {
      const vars = { part: t(`samurai.places.part.${place.part}`), of: t(`samurai.places.islandsOf.${place.island}`) };
      const core =
        place.nth === 1 ? t('samurai.places.islandVillageCore', vars) : t('samurai.places.islandVillageCoreNth', { ...vars, ordinal: ordinal(place.nth) });
      return t(`samurai.places.village.${form}`, { core });
    }
    case 'land':
    case 'sea': {
      const vars = { dir: t(`samurai.places.dir.${place.dir}`), of: words(PLACES[place.of], 'of') };
      const core =
        place.away <= 1
          ? t(place.kind === 'sea' ? 'samurai.places.seaCore' : 'samurai.places.landCore', vars)
          : t(place.kind === 'sea' ? 'samurai.places.seaCoreFar' : 'samurai.places.landCoreFar', { ...vars, count: place.away });
      return t(`samurai.places.${place.kind}.${form}`, { core });
    }
  }
}

/** The place's name in words: "Edo", "Kyoto", "the village north of Edo", "land north-east of Edo". */
export function placeName(hex: number): string {
  return placeWords(hex, 'name');
}

/** The place in one of its forms: its name, "of" it, or "at" it. */
export function placeWords(hex: number, form: PlaceForm): string {
  const place = PLACES[hex];
  return place ? words(place, form) : '';
}
