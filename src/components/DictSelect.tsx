// A field whose options are a dictionary's items (GET /sys/dict/getDictItems/{dictCode}, cached per
// code): a select or a radio group. The select's 请选择… is its placeholder, never one of its options (issue #15:
// a placeholder offered as a choice was then refused by the required rule); an optional field is emptied
// with the select's clear button.
import { Radio, Select } from 'antd';
import { useDictItems } from './dictCache';

export const EMPTY_OPTION_LABEL = '请选择';

export interface DictSelectProps {
  dictCode: string;
  /** 'select' (default) or 'radio'. */
  type?: 'select' | 'radio';
  value?: string | number | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: React.CSSProperties;
  id?: string;
}

export function DictSelect({
  dictCode,
  type = 'select',
  value,
  onChange,
  placeholder = EMPTY_OPTION_LABEL,
  disabled,
  style,
  id,
}: DictSelectProps) {
  const items = useDictItems(dictCode);
  // Stored values may be numbers (sex 1/2); dictionary values are strings.
  const current = value === null || value === undefined || value === '' ? undefined : String(value);
  if (type === 'radio') {
    return (
      <Radio.Group
        id={id}
        value={current}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.value as string)}
        options={items.map((item) => ({ value: item.value, label: item.text }))}
      />
    );
  }
  return (
    <Select<string>
      id={id}
      value={current}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      style={{ minWidth: 160, ...style }}
      // Cleared, antd answers undefined (null in some versions): the field holds no value.
      onChange={(next) => onChange?.(next ?? undefined)}
      options={items.map((item) => ({ value: item.value, label: item.text }))}
    />
  );
}
