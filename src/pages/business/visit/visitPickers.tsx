// Pickers the visit forms share: a rep (the users the caller may list) and outlets searched on the server
// as the user types (the caller's data scope decides what is found).
import type { SelectProps } from 'antd';
import { listCustomers, type Customer } from '../../../api/customers';
import { listUsers, type SysUser } from '../../../api/systemUser';
import { RemoteSelect, type RemoteOption } from '../../../components/form/EnumSelect';

const loadReps = (keyword?: string) =>
  listUsers({ pageSize: 50, ...(keyword ? { realname: `*${keyword}*` } : {}) });
const repOption = (user: SysUser): RemoteOption => ({
  value: user.id,
  label: `${user.realname}（${user.username}）`,
});

const loadOutlets = (keyword?: string) =>
  listCustomers({ pageSize: 50, customerType: 'OUTLET', status: 'ACTIVE', ...(keyword ? { keyword } : {}) });
const outletOption = (customer: Customer): RemoteOption => ({
  value: customer.id,
  label: `${customer.name}（${customer.customerCode}）`,
});

type PickerProps = Omit<SelectProps<string>, 'options'> & { initialOptions?: RemoteOption[] };

export function RepSelect(props: PickerProps) {
  return (
    <RemoteSelect load={loadReps} toOption={repOption} remoteSearch placeholder="请选择业务员" {...props} />
  );
}

export function OutletSelect(props: Omit<PickerProps, 'mode'>) {
  return (
    <RemoteSelect
      load={loadOutlets}
      toOption={outletOption}
      remoteSearch
      mode="multiple"
      placeholder="输入门店名称或编码搜索"
      {...props}
    />
  );
}
