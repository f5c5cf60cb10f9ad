// 登录部门选择 (spec §4 Department selection): a user of several departments must pick the one of this
// session. It cannot be dismissed; 退出 logs out instead.
import { Avatar, Button, Form, Modal, Select, Tooltip } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { selectDepartPicker } from '../features/session/selectors';
import { departChosen, logoutRequested } from '../features/session/slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

export const DEPART_TEXTS = {
  title: '登录部门选择',
  required: '请选择登录部门',
  hint: '您隶属于多部门，请选择登录部门',
} as const;

const DEPART_MODAL_WIDTH = 450;

interface DepartValues {
  orgCode: string;
}

function DepartForm() {
  const dispatch = useAppDispatch();
  const { departs, submitting } = useAppSelector(selectDepartPicker);
  const [form] = Form.useForm<DepartValues>();

  const confirm = async () => {
    let values: DepartValues;
    try {
      values = await form.validateFields();
    } catch {
      // The field is marked; nothing is sent.
      return;
    }
    dispatch(departChosen({ orgCode: values.orgCode }));
  };

  return (
    <>
      <Form form={form} style={{ display: 'flex', alignItems: 'flex-start', gap: 10 }}>
        <Tooltip title={DEPART_TEXTS.hint} placement="topLeft">
          <Avatar style={{ backgroundColor: '#87d068', flex: 'none' }} icon={<ApartmentOutlined />} />
        </Tooltip>
        <Form.Item
          name="orgCode"
          rules={[{ required: true, message: DEPART_TEXTS.required }]}
          style={{ flex: 1 }}
        >
          <Select
            aria-label="登录部门"
            placeholder={DEPART_TEXTS.required}
            options={departs.map(({ orgCode, departName }) => ({ value: orgCode, label: departName }))}
          />
        </Form.Item>
      </Form>
      <div style={{ textAlign: 'right' }}>
        <Button onClick={() => dispatch(logoutRequested())} style={{ marginRight: 8 }}>
          退出
        </Button>
        <Button type="primary" loading={submitting} onClick={confirm}>
          确认
        </Button>
      </div>
    </>
  );
}

export function DepartSelectModal() {
  const { open } = useAppSelector(selectDepartPicker);
  return (
    <Modal
      title={DEPART_TEXTS.title}
      width={DEPART_MODAL_WIDTH}
      open={open}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={null}
    >
      <DepartForm />
    </Modal>
  );
}
