// 试算预览 (ePromotion/PromotionPreview): an operator picks a customer and enters a sample cart; the server prices
// it as it would price the order and says which promotions fire and why the others do not.
import { useState } from 'react';
import { Button, Card, Form, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PromotionPreview } from '../../../../common/promotions';
import { previewPromotions } from '../../../api/promotions';
import { RemoteSelect } from '../../../components/form/EnumSelect';
import { toast } from '../../../utils/notifier';
import { buyerOption, CartLineFields, loadBuyers } from '../order/cartFields';
import { PricePreviewPanel } from './PricePreviewPanel';

interface CartValues {
  buyerId?: string;
  lines: Array<{ skuId?: string; cases?: number | null; units?: number | null }>;
}

export default function PromotionPreviewPage() {
  const [form] = Form.useForm<CartValues>();
  const [preview, setPreview] = useState<PromotionPreview | null>(null);
  const [loading, setLoading] = useState(false);

  const run = async () => {
    const values = await form.validateFields();
    setLoading(true);
    try {
      const answer = await previewPromotions({
        buyerId: values.buyerId as string,
        lines: values.lines.map((line) => ({
          skuId: line.skuId as string,
          cases: line.cases ?? 0,
          units: line.units ?? 0,
        })),
      });
      if (answer.success) setPreview(answer.result);
      else toast('warning', answer.message);
    } catch {
      // Shown by the HTTP error saga.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Card title="试算预览">
        <Form<CartValues> form={form} initialValues={{ lines: [{}] }} layout="vertical" autoComplete="off">
          <Form.Item name="buyerId" label="客户" rules={[{ required: true, message: '请选择客户!' }]}>
            <RemoteSelect
              load={loadBuyers}
              toOption={buyerOption}
              remoteSearch
              placeholder="搜索客户"
              style={{ width: 360 }}
            />
          </Form.Item>
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                    <CartLineFields
                      name={field.name}
                      index={index}
                      onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
                    />
                  </Space>
                ))}
                <Space>
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                    添加商品
                  </Button>
                  <Button type="primary" loading={loading} onClick={run}>
                    试算
                  </Button>
                </Space>
              </>
            )}
          </Form.List>
        </Form>
      </Card>
      {preview && (
        <Card title="试算结果">
          <PricePreviewPanel preview={preview} />
        </Card>
      )}
    </Space>
  );
}
