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
  soleChoice = false,
  ...props
}: PickerProps & {
  /** Loads the options; with remoteSearch, those matching what was typed. */
  load: (keyword?: string) => Promise<Envelope<Page<T> | T[]>>;
  toOption: (record: T) => RemoteOption;
  /**
   * Too many rows to load at once (customers): the server searches as the user types. A loader whose first
   * answer is a page holding fewer rows than its total searches on the server anyway: what was typed must find
   * the rows not loaded.
   */
  remoteSearch?: boolean;
  /** Options known before loading (a prefilled value's label): kept while chosen, even if not loaded. */
  initialOptions?: RemoteOption[];
  /** With nothing chosen, the one option there is gets chosen (a dealer's user picking its own dealer). */
  soleChoice?: boolean;
}) {
  const [options, setOptions] = useState<RemoteOption[]>(initialOptions ?? []);
  const [loading, setLoading] = useState(true);
  const [keyword, setKeyword] = useState('');
  const [truncated, setTruncated] = useState(false);
  const loadRef = useState(() => load)[0];
  const toOptionRef = useState(() => toOption)[0];
  useEffect(() => {
    let current = true;
    // Loading from the first key typed, not only once the pause is over: the old options are not the answer.
    setLoading(true);
    const timer = setTimeout(
      () => {
        loadRef(keyword || undefined)
          .then((answer) => {
            if (!current || !answer.success) return;
            const records = Array.isArray(answer.result) ? answer.result : (answer.result?.records ?? []);
            if (!keyword && !Array.isArray(answer.result))
              setTruncated((answer.result?.total ?? 0) > records.length);
            const next = records.map(toOptionRef);
            if (soleChoice && !keyword && next.length === 1 && props.value == null)
              props.onChange?.(next[0].value, next[0]);
            // The chosen option stays among the options, so the field keeps showing its label.
            setOptions((previous) => {
              // A multiple picker's value is the list of chosen ones.
              const value: unknown = props.value;
              const picked = (option: string) =>
                Array.isArray(value) ? value.includes(option) : option === value;
              const chosen = previous.filter(
                (option) => picked(option.value) && !next.some((one) => one.value === option.value),
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
        remoteSearch || truncated
          ? { filterOption: false, onSearch: (text) => setKeyword(text.trim()) }
          : { optionFilterProp: 'label' }
      }
      loading={loading}
      options={options}
      {...props}
    />
  );
}
