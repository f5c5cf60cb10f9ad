// 拜访线路 (eVisit/VisitRouteList): the routes of the caller's data scope — a rep, the weekdays it is walked
// and its outlets in order. 新增/编辑 in a modal; 门店顺序 moves an outlet up or down and saves the order;
// 启用/停用 after a confirmation (按线路生成 skips a disabled route).
import { useState } from 'react';
import { Button, Checkbox, Form, Input, List, Modal, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { ENABLED_STATUS } from '../../../../common/businessEnums';
import { WEEKDAY } from '../../../../common/visits';
import {
  exportRoutes,
  changeRouteStatus,
  listRoutes,
  reorderRoute,
  routeById,
  saveRoute,
  type RouteOutlet,
  type RoutePayload,
  type VisitRoute,
} from '../../../api/visits';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required, requiredChoices } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission } from '../../../components/HasPermission';
import { useEnabledColumns } from '../../../components/table/enabledColumns';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { toast } from '../../../utils/notifier';
import { OutletSelect, RepSelect } from './visitPickers';

const WEEKDAY_OPTIONS = Object.entries(WEEKDAY).map(([value, label]) => ({ value: Number(value), label }));

interface Editing {
  route: VisitRoute;
  outlets: RouteOutlet[];
}

function ReorderModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [order, setOrder] = useState<RouteOutlet[]>([]);
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  if (editing && shown !== editing.route.id) {
    setShown(editing.route.id);
    setOrder(editing.outlets);
  }
  const move = (index: number, by: number) => {
    const next = [...order];
    const [outlet] = next.splice(index, 1);
    next.splice(index + by, 0, outlet);
    setOrder(next);
  };
  const save = async () => {
    if (!editing) return;
    setSaving(true);
    try {
      const answer = await reorderRoute(
        editing.route.id,
        order.map((outlet) => outlet.customerId),
      );
      if (answer.success) {
        toast('success', answer.message);
        onSaved();
        onClose();
      } else toast('error', answer.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={editing ? `门店顺序：${editing.route.name}` : ''}
      open={editing !== null}
      onCancel={() => {
        setShown(null);
        onClose();
      }}
      onOk={save}
      okText="保存顺序"
      confirmLoading={saving}
    >
      <List
        size="small"
        dataSource={order}
        renderItem={(outlet, index) => (
          <List.Item
            actions={[
              <Button
                key="up"
                size="small"
                aria-label={`上移 ${outlet.customerName}`}
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />,
              <Button
                key="down"
                size="small"
                aria-label={`下移 ${outlet.customerName}`}
                icon={<ArrowDownOutlined />}
                disabled={index === order.length - 1}
                onClick={() => move(index, 1)}
              />,
            ]}
          >
            <Typography.Text>
              {index + 1}. {outlet.customerName}
              <Typography.Text type="secondary"> {outlet.customerCode}</Typography.Text>
            </Typography.Text>
          </List.Item>
        )}
      />
    </Modal>
  );
}

export default function VisitRouteListPage() {
  const list = useListPage<VisitRoute>({
    filterKeys: ['code', 'name', 'status'],
    sortKeys: ['code', 'name', 'createTime'],
    defaultSort: { column: 'code', order: 'asc' },
    fetch: listRoutes,
  });
  const [form] = Form.useForm<RoutePayload>();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [reordering, setReordering] = useState<Editing | null>(null);
  const load = async (route: VisitRoute) => {
    const answer = await routeById(route.id);
    if (!answer.success) {
      toast('error', answer.message);
      return null;
    }
    return { route, outlets: answer.result.outlets };
  };
  const openForm = async (route: VisitRoute | null) => {
    const loaded = route ? await load(route) : null;
    if (route && !loaded) return;
    setEditing(loaded);
    form.resetFields();
    form.setFieldsValue(
      loaded
        ? {
            code: route?.code,
            name: route?.name,
            employeeId: route?.employeeId,
            weekdays: route?.weekdays,
            outletIds: loaded.outlets.map((outlet) => outlet.customerId),
            remark: route?.remark,
          }
        : { weekdays: [1, 4] },
    );
    setFormOpen(true);
  };
  const enabledColumns = useEnabledColumns<VisitRoute>({
    noun: '线路',
    editCode: 'visitRoute:edit',
    disablingNote: '停用后按线路生成计划时将跳过该线路。',
    onEdit: (route) => void openForm(route),
    setStatus: (route, status) => changeRouteStatus(route.id, status),
    onSwitched: list.reload,
  });
  const columns: ColumnsType<VisitRoute> = [
    {
      title: '线路',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      render: (code: string, route) => <TwoLineCell main={route.name} sub={code} />,
    },
    { title: '业务员', dataIndex: 'employeeName', key: 'employeeName' },
    { title: '拜访日', dataIndex: 'weekdays_dictText', key: 'weekdays' },
    {
      title: '门店数',
      dataIndex: 'outletCount',
      key: 'outletCount',
      align: 'right',
      render: (count: number, route) => (
        <Button
          type="link"
          size="small"
          onClick={() => void load(route).then((loaded) => loaded && setReordering(loaded))}
        >
          {count} 家
        </Button>
      ),
    },
    ...enabledColumns,
  ];
  return (
    <>
      <ListPage<VisitRoute>
        list={list}
        columns={columns}
        compactColumns={['code', 'outletCount', 'status']}
        exportAs={exportRoutes}
        searchFields={
          <>
            <Form.Item name="code" label="编码">
              <Input placeholder="线路编码" allowClear />
            </Form.Item>
            <Form.Item name="name" label="名称">
              <Input placeholder="线路名称" allowClear />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ENABLED_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="visitRoute:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openForm(null)}>
              新增线路
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<RoutePayload>
        title={editing ? '编辑线路' : '新增线路'}
        open={formOpen}
        form={form}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
        onSubmit={(values) =>
          saveRoute({
            ...values,
            id: editing?.route.id,
            status: editing?.route.status ?? 'ACTIVE',
            remark: values.remark?.trim() || null,
          })
        }
      >
        <Form.Item
          name="code"
          label="线路编码"
          rules={[required('线路编码'), { max: 32, message: '最多32位!' }]}
        >
          <Input placeholder="如 XL-GZ-01" />
        </Form.Item>
        <Form.Item
          name="name"
          label="线路名称"
          rules={[required('线路名称'), { max: 64, message: '最多64字!' }]}
        >
          <Input placeholder="如 广州天河线" />
        </Form.Item>
        <Form.Item name="employeeId" label="业务员" rules={[required('业务员', '选择')]}>
          <RepSelect
            initialOptions={
              editing ? [{ value: editing.route.employeeId, label: editing.route.employeeName }] : undefined
            }
          />
        </Form.Item>
        <Form.Item name="weekdays" label="拜访日" rules={[requiredChoices('拜访日')]}>
          <Checkbox.Group options={WEEKDAY_OPTIONS} />
        </Form.Item>
        <Form.Item name="outletIds" label="门店" extra="按选择的先后排序，保存后可在「门店数」中调整顺序">
          <OutletSelect
            initialOptions={editing?.outlets.map((outlet) => ({
              value: outlet.customerId,
              label: `${outlet.customerName}（${outlet.customerCode}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={256} />
        </Form.Item>
      </ModalForm>
      <ReorderModal editing={reordering} onClose={() => setReordering(null)} onSaved={list.reload} />
    </>
  );
}
