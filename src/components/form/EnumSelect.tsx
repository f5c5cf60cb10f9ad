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
}

export function RemoteSelect<T>({
  load,
  toOption,
  ...props
}: PickerProps & {
  load: () => Promise<Envelope<Page<T> | T[]>>;
  toOption: (record: T) => RemoteOption;
}) {
  const [options, setOptions] = useState<RemoteOption[]>([]);
  const [loading, setLoading] = useState(true);
  const loadRef = useState(() => load)[0];
  const toOptionRef = useState(() => toOption)[0];
  useEffect(() => {
    let current = true;
    loadRef()
      .then((answer) => {
        if (!current || !answer.success) return;
        const records = Array.isArray(answer.result) ? answer.result : (answer.result?.records ?? []);
        setOptions(records.map(toOptionRef));
      })
      // A transport failure was shown by the HTTP error saga; the picker stays empty.
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [loadRef, toOptionRef]);
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      {...props}
    />
  );
}
