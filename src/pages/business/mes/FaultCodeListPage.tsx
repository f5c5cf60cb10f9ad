// 故障代码 (mes/FaultCodeList): the fault-code library with its category and suggested parts, and 变更记录.
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { FAULT_CATEGORY } from '../../../../common/repairs';
import { exportFaultCodes, listFaultCodes, saveFaultCode } from '../../../api/repairs';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useHistoryColumn } from '../../../components/history/historyColumn';
import { editColumn, MesList } from './MesList';

type FaultCode = Record<string, unknown> & { id: string };

export default function FaultCodeListPage() {
  const [editing, setEditing] = useState<Partial<FaultCode> | null>(null);
  const history = useHistoryColumn<FaultCode>('FAULT_CODE', (fault) => String(fault.code));
  return (
    <MesList<FaultCode>
      fetch={listFaultCodes}
      exportAs={exportFaultCodes}
      filterKeys={['code', 'faultCategory']}
      searchFields={
        <Form.Item name="faultCategory" label="故障类型">
          <EnumSelect labels={FAULT_CATEGORY} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
      }
      toolbar={() => (
        <HasPermission code="repair:faultCode">
          <Button type="primary" onClick={() => setEditing({})}>
            新增故障代码
          </Button>
        </HasPermission>
      )}
      compactColumns={['code', 'status']}
      columns={() => [
        { title: '故障代码', dataIndex: 'code', key: 'code' },
        { title: '故障类型', dataIndex: 'faultCategory_dictText', key: 'faultCategory' },
        { title: '说明', dataIndex: 'description', key: 'description' },
        {
          title: '建议备件',
          dataIndex: 'suggestedParts',
          key: 'suggestedParts',
          render: (value) => String(value || '—'),
        },
        { title: '状态', dataIndex: 'status_dictText', key: 'status' },
        history.column,
        editColumn<FaultCode>('repair:faultCode', setEditing),
      ]}
      extra={(list) => (
        <>
          {history.drawer}
          {editing && (
            <ModalForm<Record<string, unknown>>
              title={editing.id ? '编辑故障代码' : '新增故障代码'}
              open
              onClose={() => setEditing(null)}
              onSaved={list.reload}
              initialValues={editing}
              onSubmit={(values) =>
                saveFaultCode({
                  code: values.code,
                  faultCategory: values.faultCategory,
                  description: values.description,
                  suggestedPartIds: editing.suggestedPartIds ?? [],
                  id: editing.id,
                })
              }
            >
              <Form.Item name="code" label="故障代码" rules={[required('故障代码')]}>
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item name="faultCategory" label="故障类型" rules={[required('故障类型', '选择')]}>
                <EnumSelect labels={FAULT_CATEGORY} />
              </Form.Item>
              <Form.Item name="description" label="说明" rules={[required('说明')]}>
                <Input maxLength={128} />
              </Form.Item>
            </ModalForm>
          )}
        </>
      )}
    />
  );
}
