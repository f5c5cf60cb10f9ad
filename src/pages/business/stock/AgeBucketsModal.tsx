// 库龄段配置 (DOMAIN §1.6): the tenant's stock-age buckets as a ladder. Each bucket's upper bound is typed
// and the next one starts the day after, so gaps and overlaps cannot be entered; the last is open-ended.
// The server checks the ladder again (bucketListProblem) and its message stays in the modal.
import { useEffect, useState } from 'react';
import { Alert, Button, ColorPicker, Form, Input, InputNumber, Modal, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ageBuckets, saveAgeBuckets, type AgeBucket } from '../../../api/stock';
import { toast } from '../../../utils/notifier';

interface Row {
  label: string;
  maxDays: number | null;
  color: string;
}

/** The rows as the server's buckets: each starts the day after the previous one ends. */
export function toBuckets(rows: Row[]): AgeBucket[] {
  let minDays = 0;
  return rows.map((row, index) => {
    const last = index === rows.length - 1;
    const maxDays = last ? null : row.maxDays;
    const bucket = {
      code: `D${minDays}_${maxDays ?? 'PLUS'}`,
      label: row.label.trim(),
      minDays,
      maxDays,
      color: row.color,
    };
    minDays = (maxDays ?? minDays) + 1;
    return bucket;
  });
}

const colorText = (value: unknown) =>
  typeof value === 'string' ? value : (value as { toHexString: () => string }).toHexString();

export function AgeBucketsModal({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ rows: Row[] }>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setLoading(true);
    setRefusal(null);
    ageBuckets()
      .then((answer) => {
        if (answer.success)
          form.setFieldsValue({
            rows: answer.result.map(({ label, maxDays, color }) => ({ label, maxDays, color })),
          });
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [open, form]);

  const submit = async () => {
    let rows: Row[];
    try {
      ({ rows } = await form.validateFields());
    } catch {
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      const answer = await saveAgeBuckets(
        toBuckets(rows.map((row) => ({ ...row, color: colorText(row.color) }))),
      );
      if (answer.success) {
        toast('success', answer.message || '保存成功');
        onClose();
        onSaved();
      } else setRefusal(answer.message || '保存失败');
    } catch {
      // Shown by the HTTP error saga.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="库龄段配置"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      width={640}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">
        库龄 = 今天 − 生产日期。每段从上一段上限的次日开始，最后一段不设上限。
      </Typography.Paragraph>
      <Spin spinning={loading}>
        <Form form={form} component={false}>
          <Form.List name="rows">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => {
                  const last = index === fields.length - 1;
                  return (
                    <Space key={field.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                      <Form.Item
                        name={[field.name, 'label']}
                        rules={[{ required: true, whitespace: true, message: '请输入名称!' }]}
                      >
                        <Input
                          placeholder="名称，如 0-30天"
                          maxLength={16}
                          style={{ width: 140 }}
                          aria-label={`第${index + 1}段名称`}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'maxDays']}
                        dependencies={fields.slice(0, index).map((each) => ['rows', each.name, 'maxDays'])}
                        rules={
                          last
                            ? []
                            : [
                                { required: true, type: 'number', message: '请输入上限天数!' },
                                ({ getFieldValue }) => ({
                                  validator: (_rule, value: number | null) => {
                                    const previous =
                                      index > 0
                                        ? getFieldValue(['rows', fields[index - 1].name, 'maxDays'])
                                        : -1;
                                    return value == null || value > (previous ?? -1)
                                      ? Promise.resolve()
                                      : Promise.reject(new Error('上限须大于上一段的上限'));
                                  },
                                }),
                              ]
                        }
                      >
                        <InputNumber
                          min={0}
                          precision={0}
                          disabled={last}
                          placeholder={last ? '不设上限' : '上限'}
                          suffix="天"
                          style={{ width: 140 }}
                          aria-label={`第${index + 1}段上限`}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'color']} getValueFromEvent={colorText}>
                        <ColorPicker disabledAlpha />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        aria-label={`删除第${index + 1}段`}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  );
                })}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= 20}
                  onClick={() =>
                    add({ label: '', maxDays: null, color: '#1677ff' }, Math.max(fields.length - 1, 0))
                  }
                >
                  插入一段（在最后一段之前）
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Spin>
    </Modal>
  );
}
