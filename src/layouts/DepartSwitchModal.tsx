// 切换部门 (spec §2, §4): 450 wide, the user's departments with the current one chosen.
import { Avatar, Form, Modal, Select } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { departDialogClosed, departSwitchSubmitted } from '../features/layout/userMenuSlice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

export const DEPART_SWITCH_WIDTH = 450;
const REQUIRED = '请选择部门';

export function DepartSwitchModal() {
  const dispatch = useAppDispatch();
  const { open, submitting, departs, current } = useAppSelector((state) => state.userMenu.depart);
  const [form] = Form.useForm<{ orgCode: string }>();

  const submit = async () => {
    let values: { orgCode: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    dispatch(departSwitchSubmitted(values));
  };

  return (
    <Modal
      title="切换部门"
      width={DEPART_SWITCH_WIDTH}
      open={open}
      confirmLoading={submitting}
      onOk={submit}
      onCancel={() => dispatch(departDialogClosed())}
      destroyOnHidden
    >
      <Form
        form={form}
        preserve={false}
        initialValues={{ orgCode: current ?? undefined }}
        style={{ display: 'flex', alignItems: 'flex-start', gap: 10, marginTop: 16 }}
      >
        <Avatar style={{ backgroundColor: '#87d068', flex: 'none' }} icon={<ApartmentOutlined />} />
        <Form.Item name="orgCode" rules={[{ required: true, message: REQUIRED }]} style={{ flex: 1 }}>
          <Select
            aria-label="部门"
            placeholder={REQUIRED}
            options={departs.map(({ orgCode, departName }) => ({ value: orgCode, label: departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
