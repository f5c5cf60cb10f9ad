// The modal form pattern of the system pages: validation first, then the save call; on success the
// server's message, the modal closes and the list reloads; on refusal the server's message stays in
// the modal above the fields, and nothing typed is lost.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { Envelope } from '../../../common/contract';
import { toast } from '../../utils/notifier';

export interface ModalFormProps<V> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Sends the values; its envelope decides. */
  onSubmit: (values: V) => Promise<Envelope<unknown>>;
  /** After a successful save (reload the list). */
  onSaved: () => void;
  /** The form of the caller when it fills fields itself (values loaded after opening). */
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  width?: number;
  labelWidth?: number;
  children: ReactNode;
}

export function ModalForm<V extends object>({
  title,
  open,
  onClose,
  onSubmit,
  onSaved,
  form: givenForm,
  initialValues,
  width = 640,
  labelWidth = 96,
  children,
}: ModalFormProps<V>) {
  const [ownForm] = Form.useForm<V>();
  const form = givenForm ?? ownForm;
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    setSaving(true);
    setRefusal(null);
    try {
      const answer = await onSubmit(values);
      if (answer.success) {
        toast('success', answer.message || '保存成功');
        onClose();
        onSaved();
      } else {
        setRefusal(answer.message || '保存失败');
      }
    } catch {
      // Shown by the HTTP error saga; the modal stays open with its values.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText="保存"
      destroyOnHidden
      afterClose={() => setRefusal(null)}
      mask={{ closable: false }}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form<V>
        form={form}
        initialValues={initialValues}
        labelCol={{ flex: `${labelWidth}px` }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        preserve={false}
        // Closed, the form forgets its values: the next opening (another record, another command) starts from its
        // own initial values, not from the fields of the last one.
        clearOnDestroy
        autoComplete="off"
      >
        {children}
      </Form>
    </Modal>
  );
}

/**
 * An edit form opened on a record: once open with an `id`, the record is loaded and its values fill the form
 * (an answer arriving after the form closed or moved to another record is dropped).
 */
export function useRecordValues<V, R>(
  form: FormInstance<V>,
  open: boolean,
  id: string | undefined,
  load: (id: string) => Promise<Envelope<R>>,
  valuesOf: (record: R) => V,
) {
  useEffect(() => {
    if (!open || !id) return;
    let current = true;
    load(id)
      .then((answer) => current && answer.success && form.setFieldsValue(valuesOf(answer.result)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [open, id, form, load, valuesOf]);
}
