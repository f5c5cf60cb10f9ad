// Region pickers by name (省/市/区 cascaders over GB/T 2260) whose values stay the stored six-digit codes:
// RegionFields fills a form's province/city/district code fields from one cascader; RegionCodePicker is one
// code of any level (a scope value); RegionCodesPicker is several (a promotion's areas); RegionName shows a
// stored path by name.
import { useEffect, useState } from 'react';
import { Cascader, Form } from 'antd';
import { regionListText, regionPathText, type RegionOption, type Regions } from '../../../common/regions';
import { loadRegions } from './regions';

/** The divisions once loaded (null before, and if the chunk failed: the pickers then show the codes). */
export function useRegions(): Regions | null {
  const [regions, setRegions] = useState<Regions | null>(null);
  useEffect(() => {
    let current = true;
    loadRegions().then(
      (loaded) => current && setRegions(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return regions;
}

const searchByName = {
  filter: (input: string, path: { label?: unknown }[]) =>
    path.some((option) => String(option.label).includes(input.trim())),
};

interface CascaderLook {
  placeholder?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

/**
 * One cascader for a form's region code fields, province first (`names` in that order; two names stop at
 * the city). `anyLevel` lets a filter stop at a province. The fields stay in the form as they were: what is
 * submitted are the codes.
 */
export function RegionFields({
  names,
  label,
  anyLevel = false,
  ...look
}: CascaderLook & { names: string[]; label: string; anyLevel?: boolean }) {
  const form = Form.useFormInstance();
  const regions = useRegions();
  const codes = Form.useWatch((values: Record<string, unknown>) => names.map((name) => values[name]), form);
  const path = (codes ?? []).filter((code): code is string => typeof code === 'string' && code !== '');
  const options = regions ? depthLimited(regions.tree, names.length) : [];
  return (
    <>
      <Form.Item label={label}>
        <Cascader
          options={options}
          value={path}
          changeOnSelect={anyLevel}
          showSearch={searchByName}
          allowClear
          loading={!regions}
          placeholder={look.placeholder ?? '请选择省/市/区'}
          aria-label={look['aria-label'] ?? label}
          style={look.style}
          onChange={(chosen) => {
            const next = (chosen ?? []) as string[];
            form.setFieldsValue(Object.fromEntries(names.map((name, index) => [name, next[index] ?? null])));
          }}
        />
      </Form.Item>
      {names.map((name) => (
        <Form.Item key={name} name={name} hidden noStyle>
          <HeldValue />
        </Form.Item>
      ))}
    </>
  );
}

/** Keeps a field's value in the form without showing anything: the cascader above shows it. */
function HeldValue(_props: { value?: unknown }) {
  return null;
}

function depthLimited(options: RegionOption[], depth: number): RegionOption[] {
  return options.map(({ children, ...option }) =>
    depth > 1 && children?.length ? { ...option, children: depthLimited(children, depth - 1) } : option,
  );
}

/** A picker's divisions: all of them, or those down to `level` (1 provinces, 2 cities) whose codes it picks. */
interface LevelLook extends CascaderLook {
  level?: 1 | 2 | 3;
}

const optionsOf = (regions: Regions | null, level: LevelLook['level']) =>
  regions ? (level ? depthLimited(regions.tree, level) : regions.tree) : [];

/** One code of any level (a price scope's region, say), or of `level`, chosen by name. */
export function RegionCodePicker({
  value,
  onChange,
  level,
  ...look
}: LevelLook & { value?: string | null; onChange?: (code: string | undefined) => void }) {
  const regions = useRegions();
  return (
    <Cascader
      options={optionsOf(regions, level)}
      value={value ? (regions?.pathOf(value) ?? [value]) : []}
      changeOnSelect={!level}
      showSearch={searchByName}
      allowClear
      loading={!regions}
      placeholder={look.placeholder ?? '请选择地区'}
      aria-label={look['aria-label']}
      style={look.style}
      onChange={(chosen) => onChange?.((chosen as string[] | undefined)?.at(-1))}
    />
  );
}

/**
 * Several codes of any level (a whole province, or some cities, ...), chosen by name; with `level`, codes of
 * that level only (a whole province chosen is its cities).
 */
export function RegionCodesPicker({
  value,
  onChange,
  level,
  ...look
}: LevelLook & { value?: string[]; onChange?: (codes: string[]) => void }) {
  const regions = useRegions();
  return (
    <Cascader
      multiple
      options={optionsOf(regions, level)}
      value={(value ?? []).map((code) => regions?.pathOf(code) ?? [code])}
      showCheckedStrategy={level ? Cascader.SHOW_CHILD : Cascader.SHOW_PARENT}
      showSearch={searchByName}
      maxTagCount="responsive"
      loading={!regions}
      placeholder={look.placeholder ?? '请选择地区'}
      aria-label={look['aria-label']}
      style={look.style}
      onChange={(paths) => onChange?.((paths as string[][]).map((path) => path.at(-1)!))}
    />
  );
}

/** A stored province/city/district path by name; the codes while the names load or for an unknown code. */
export function regionText(regions: Regions | null, codes: (string | null | undefined)[]): string {
  return regionPathText(regions, codes) || '—';
}

export function RegionName({ codes }: { codes: (string | null | undefined)[] }) {
  return <>{regionText(useRegions(), codes)}</>;
}

/** Several codes of any level (an area list), each by its path's name: 广东省 / 广州市、上海市. */
export function RegionNames({ codes }: { codes: string[] }) {
  return <>{regionListText(useRegions(), codes) || '—'}</>;
}
