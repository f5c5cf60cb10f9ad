// Look-alike detection for the outlet audit (DOMAIN §1.3): the distance between two points and how alike
// two shop names are. Pure functions, unit-tested.

const EARTH_RADIUS_M = 6_371_008.8;

export interface Point {
  lng: number;
  lat: number;
}

/** Great-circle distance in metres (haversine; GCJ-02 points are close enough to WGS-84 at this scale). */
export function distanceMetres(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The lng/lat box around a point that holds every point within `metres` (a cheap SQL pre-filter). */
export function boundingBox(centre: Point, metres: number) {
  const dLat = metres / 111_320;
  const dLng = metres / (111_320 * Math.max(0.01, Math.cos((centre.lat * Math.PI) / 180)));
  return {
    minLng: centre.lng - dLng,
    maxLng: centre.lng + dLng,
    minLat: centre.lat - dLat,
    maxLat: centre.lat + dLat,
  };
}

/**
 * Words that say what kind of shop it is rather than which one: 老王便利店 and 老王超市 are the same shop far
 * more often than 老王便利店 and 惠民便利店.
 */
const GENERIC_WORDS = [
  '有限责任公司',
  '有限公司',
  '食品贸易',
  '商贸',
  '便利店',
  '便利',
  '超市',
  '商行',
  '商店',
  '批发部',
  '小卖部',
  '门市部',
  '经营部',
  '分店',
  '总店',
  '店',
];

/** Lower case, half-width, without spaces, punctuation, branch numbers in brackets or generic words. */
export function normaliseName(name: string): string {
  let text = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[\s\p{P}\p{S}]/gu, '');
  for (const word of GENERIC_WORDS) text = text.split(word).join('');
  return text;
}

function bigrams(text: string): string[] {
  const characters = [...text];
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, index) => characters[index] + character);
}

/**
 * How alike two names are, 0 (nothing in common) to 1 (the same once normalised): the Dice coefficient of
 * their character bigrams, after dropping generic shop words.
 */
export function nameSimilarity(a: string, b: string): number {
  const left = normaliseName(a);
  const right = normaliseName(b);
  if (left === '' || right === '') return a.trim() === b.trim() && a.trim() !== '' ? 1 : 0;
  if (left === right) return 1;
  const pairs = bigrams(left);
  const others = bigrams(right);
  const counts = new Map<string, number>();
  for (const pair of others) counts.set(pair, (counts.get(pair) ?? 0) + 1);
  let shared = 0;
  for (const pair of pairs) {
    const count = counts.get(pair) ?? 0;
    if (count > 0) {
      shared += 1;
      counts.set(pair, count - 1);
    }
  }
  return Math.round(((2 * shared) / (pairs.length + others.length)) * 1000) / 1000;
}

/** Within this distance an outlet with a similar name is a likely duplicate (DOMAIN §1.3: 50 m). */
export const DUPLICATE_RADIUS_M = 50;
/** From this similarity on, two names are "similar". */
export const SIMILAR_NAME_THRESHOLD = 0.6;
/** An outlet within this distance of its POI may be approved automatically (DOMAIN §1.3: 100 m). */
export const POI_AUTO_PASS_M = 100;
/** Farther than this from its POI, an outlet is suspect. */
export const POI_SUSPECT_M = 500;
