// The value of a price list's scope (DOMAIN §1.2), picked the way the scope type needs: channel, level
// and outlet type from their labels, a department (its org code) from the tree, a customer label from the
// tenant's labels, a customer by searching; only region codes are typed. Editing shows the saved
// customer's name from the server's scopeValueText.
import { useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { CHANNEL, CUSTOMER_LEVEL, OUTLET_TYPES } from '../../../../common/businessEnums';
import { debounce } from '../../../../common/timing';
import { PAGE_SIZE_MAX } from '../../../../common/constants';
import { listCustomers, listLabels } from '../../../api/customers';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { OrgPicker } from '../../../components/form/OrgPicker';
import { RegionCodePicker } from '../../../components/region/RegionPicker';

const WIDTH = { width: 300 };

const FIXED_VALUES: Record<string, Record<string, string>> = {
  CHANNEL,
  LEVEL: CUSTOMER_LEVEL,
  OUTLET_TYPE: Object.fromEntries(OUTLET_TYPES.map((type) => [type, type])),
};

interface ValueProps {
  value?: string;
  onChange?: (value: string) => void;
}

/** The tenant's active customer labels, for the LABEL scope. */
const loadLabels = () => listLabels({ pageSize: PAGE_SIZE_MAX, status: 'ACTIVE' });

const SEARCH_DELAY_MS = 300;

function CustomerPicker({ value, onChange, valueText }: ValueProps & { valueText?: string | null }) {
  const [options, setOptions] = useState(value && valueText ? [{ value, label: valueText }] : []);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  const search = useMemo(
    () =>
      debounce((keyword: string) => {
        if (!keyword.trim()) return;
        const call = ++latest.current;
        setSearching(true);
        listCustomers({ keyword: keyword.trim(), pageSize: 20 })
          .then((answer) => {
            if (call !== latest.current || !answer.success) return;
            setOptions(
              answer.result.records.map((customer) => ({
                value: customer.id,
                label: `${customer.name}（${customer.customerCode}）`,
              })),
            );
          })
          .catch(() => undefined)
          .finally(() => call === latest.current && setSearching(false));
      }, SEARCH_DELAY_MS),
    [],
  );
  return (
    <Select
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder="输入客户名称或编码搜索"
      notFoundContent={searching ? <Spin size="small" /> : '输入名称或编码搜索客户'}
      style={WIDTH}
    />
  );
}

export function PriceScopeValue({
  scopeType,
  valueText,
  value,
  onChange,
}: ValueProps & { scopeType?: string; valueText?: string | null }) {
  if (!scopeType || scopeType === 'ALL') return null;
  const fixed = FIXED_VALUES[scopeType];
  if (fixed)
    return (
      <EnumSelect labels={fixed} value={value} onChange={onChange} placeholder="请选择范围值" style={WIDTH} />
    );
  if (scopeType === 'ORG') return <OrgPicker value={value} onChange={(code) => onChange?.(code as string)} />;
  if (scopeType === 'LABEL')
    return (
      <RemoteSelect
        load={loadLabels}
        toOption={optionByName}
        value={value}
        onChange={onChange}
        placeholder="请选择客户标签"
        style={WIDTH}
      />
    );
  if (scopeType === 'CUSTOMER')
    return <CustomerPicker value={value} onChange={onChange} valueText={valueText} />;
  return (
    <RegionCodePicker
      value={value}
      onChange={(code) => onChange?.(code ?? '')}
      placeholder="请选择省/市/区"
      style={WIDTH}
    />
  );
}
