// Pickers the visit forms share: a rep (the users the caller may list), 拜访记录's 人员 (the employees of the
// caller's scope) and outlets searched on the server as the user types (the caller's data scope decides what is
// found).
import { useEffect, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { listCustomers, type Customer } from '../../../api/customers';
import { visitEmployeeOptions, type VisitEmployeeOption } from '../../../api/visits';
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

const employeeOption = (user: VisitEmployeeOption): RemoteOption => ({
  value: user.id,
  label: `${user.realname}（${user.username}）`,
});
const loadEmployees = (keyword?: string) => visitEmployeeOptions({ keyword });

/**
 * 人员 of 拜访记录: the employees of the caller's scope, searched on the server. A value given before (a report's
 * drill-down) is looked up first, so it shows by name.
 */
export function VisitEmployeeSelect(props: Omit<PickerProps, 'initialOptions' | 'mode'>) {
  const { value } = props;
  const [chosen, setChosen] = useState<RemoteOption[] | null>(value ? null : []);
  useEffect(() => {
    if (chosen !== null || !value) return;
    visitEmployeeOptions({ id: value })
      .then((answer) => setChosen(answer.success ? answer.result.map(employeeOption) : []))
      .catch(() => setChosen([]));
  }, [chosen, value]);
  if (chosen === null) return <Select loading placeholder="全部" {...props} />;
  return (
    <RemoteSelect
      load={loadEmployees}
      toOption={employeeOption}
      remoteSearch
      initialOptions={chosen}
      placeholder="全部"
      {...props}
    />
  );
}
