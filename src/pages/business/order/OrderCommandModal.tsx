// The frame of every order dialog (审核, 发货, 签收, 作废, 取消, 收款, 新建, 修改重提): the form is validated, the command
// goes to the orders saga, and the dialog follows its outcome — closed when done, open with the server's
// Chinese refusal above the fields otherwise, nothing typed lost.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Modal, Space, type FormInstance } from 'antd';
import { commandRequested, commandReset, type CommandRequest } from '../../../features/orders/slice';
import { selectCommand } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';

export interface OrderCommandAction<V> {
  text: string;
  danger?: boolean;
  primary?: boolean;
  /** A rule of this button only (驳回 needs its reason): the error and its field (none: above the form), or null. */
  check?: (values: V) => { name?: string; error: string } | null;
  toCommand: (values: V) => CommandRequest;
}

export interface OrderCommandModalProps<V> {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  form: FormInstance<V>;
  /** The command for the form's values; several buttons (通过/驳回) give several. */
  actions: OrderCommandAction<V>[];
  width?: number;
  /** Shown above the form (a warning, what the order holds). */
  extra?: ReactNode;
  loading?: boolean;
  /** The footer's dismiss button; 取消 unless that is the step itself. */
  closeText?: string;
  /** What the fields open with (临期预警's shelf goods in 退货 / 换货), also those shown once the order loads. */
  initialValues?: Partial<V>;
  children: ReactNode;
}

export function OrderCommandModal<V extends object>({
  title,
  open,
  onClose,
  form,
  actions,
  width = 720,
  extra,
  loading,
  closeText = '取消',
  initialValues,
  children,
}: OrderCommandModalProps<V>) {
  const dispatch = useAppDispatch();
  const [problem, setProblem] = useState<string | null>(null);
  const command = useAppSelector(selectCommand);
  // Each opening starts clean: an earlier dialog's refusal is not this one's.
  useEffect(() => {
    if (open) dispatch(commandReset());
  }, [open, dispatch]);
  useEffect(() => {
    if (open && command.status === 'done') {
      dispatch(commandReset());
      onClose();
    }
  }, [open, command.status, dispatch, onClose]);

  const run = async ({ check, toCommand }: OrderCommandAction<V>) => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields say what is wrong
    }
    const failed = check?.(values) ?? null;
    setProblem(failed && !failed.name ? failed.error : null);
    if (failed?.name) form.setFields([{ name: failed.name as never, errors: [failed.error] }]);
    if (failed) return;
    dispatch(commandRequested(toCommand(values)));
  };

  const running = command.status === 'running';
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={onClose}>{closeText}</Button>
          {actions.map((action) => (
            <Button
              key={action.text}
              type={action.primary === false ? 'default' : 'primary'}
              danger={action.danger}
              loading={running}
              disabled={loading}
              onClick={() => void run(action)}
            >
              {action.text}
            </Button>
          ))}
        </Space>
      }
    >
      {command.status === 'refused' && command.refusal && (
        <Alert
          type="error"
          showIcon
          title={<span style={{ whiteSpace: 'pre-line' }}>{command.refusal}</span>}
          style={{ marginBottom: 16 }}
        />
      )}
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 16 }} />}
      {extra}
      <Form<V>
        form={form}
        layout="vertical"
        preserve={false}
        autoComplete="off"
        initialValues={initialValues}
      >
        {children}
      </Form>
    </Modal>
  );
}
