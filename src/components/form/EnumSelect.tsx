// Pickers for the business forms and filters: a fixed enum (codes and Chinese labels of
// common/businessEnums.ts) and options loaded once from the server (brands, categories, SKUs ...).
import { useEffect, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import type { Envelope, Page } from '../../../common/contract';

type PickerProps = Omit<SelectProps<string>, 'options'>;

export function EnumSelect({ labels, ...props }: PickerProps & { labels: Record<string, string> }) {
  return (
    <Select<string>
      allowClear
      options={Object.entries(labels).map(([value, label]) => ({ value, label }))}
      {...props}
    />
  );
}

export interface RemoteOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The option of a record picked by its name (warehouses, brands, dealers, labels). */
export const optionByName = (record: { id: string; name: string }): RemoteOption => ({
  value: record.id,
  label: record.name,
});

/** How long typing pauses before a server search. */
const SEARCH_DELAY_MS = 300;

export function RemoteSelect<T>({
  load,
  toOption,
  remoteSearch = false,
  initialOptions,
  ...props
}: PickerProps & {
  /** Loads the options; with remoteSearch, those matching what was typed. */
  load: (keyword?: string) => Promise<Envelope<Page<T> | T[]>>;
  toOption: (record: T) => RemoteOption;
  /** Too many rows to load at once (customers): the server searches as the user types. */
  remoteSearch?: boolean;
  /** Options known before loading (a prefilled value's label): kept while chosen, even if not loaded. */
  initialOptions?: RemoteOption[];
}) {
  const [options, setOptions] = useState<RemoteOption[]>(initialOptions ?? []);
  const [loading, setLoading] = useState(true);
  const [keyword, setKeyword] = useState('');
  const loadRef = useState(() => load)[0];
  const toOptionRef = useState(() => toOption)[0];
  useEffect(() => {
    let current = true;
    const timer = setTimeout(
      () => {
        setLoading(true);
        loadRef(keyword || undefined)
          .then((answer) => {
            if (!current || !answer.success) return;
            const records = Array.isArray(answer.result) ? answer.result : (answer.result?.records ?? []);
            const next = records.map(toOptionRef);
            // The chosen option stays among the options, so the field keeps showing its label.
            setOptions((previous) => {
              const chosen = previous.filter(
                (option) => option.value === props.value && !next.some((one) => one.value === option.value),
              );
              return [...chosen, ...next];
            });
          })
          // A transport failure was shown by the HTTP error saga; the picker stays as it was.
          .catch(() => undefined)
          .finally(() => current && setLoading(false));
      },
      keyword ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the chosen value is read, not watched
  }, [loadRef, toOptionRef, keyword]);
  return (
    <Select<string>
      allowClear
      showSearch={
        remoteSearch
          ? { filterOption: false, onSearch: (text) => setKeyword(text.trim()) }
          : { optionFilterProp: 'label' }
      }
      loading={loading}
      options={options}
      {...props}
    />
  );
}
