// The order form's live price: once the buyer and complete lines are there, the server prices the cart as
// placing would (promotions, gifts, totals) and the form shows it; it follows every change after a pause.
// The client sends SKUs and quantities only — the amounts shown are the server's.
import { useEffect, useState } from 'react';
import { Spin, Typography } from 'antd';
import type { PromotionPreview, PromotionPreviewInput } from '../../../../common/promotions';
import { previewOrderPrice } from '../../../api/promotions';
import { PricePreviewPanel } from './PricePreviewPanel';

/** How long the form must rest before it is priced. */
export const PREVIEW_DELAY_MS = 500;

interface CartLine {
  skuId?: string;
  cases?: number | null;
  units?: number | null;
  isGift?: boolean;
}

/** The cart the server prices, or null while the form is incomplete (or a gift order, which promotions skip). */
export function previewInput(
  buyerId: string | undefined,
  orderType: string | undefined,
  lines: CartLine[] | undefined,
  rebateDeductAmount?: number | null,
): PromotionPreviewInput | null {
  const sold = (lines ?? []).filter((line) => !line.isGift);
  if (!buyerId || orderType === 'GIFT' || sold.length === 0) return null;
  if (sold.some((line) => !line.skuId || !(line.cases || line.units))) return null;
  return {
    buyerId,
    ...(orderType === 'DEALER_PURCHASE' || orderType === 'REP_PROXY' ? { orderType } : {}),
    lines: sold.map((line) => ({
      skuId: line.skuId as string,
      cases: line.cases ?? 0,
      units: line.units ?? 0,
    })),
    ...(rebateDeductAmount ? { rebateDeductAmount } : {}),
  };
}

export function OrderPricePreview({ input }: { input: PromotionPreviewInput | null }) {
  const [preview, setPreview] = useState<PromotionPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = input ? JSON.stringify(input) : '';
  useEffect(() => {
    if (!key) {
      setPreview(null);
      setRefusal(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      previewOrderPrice(JSON.parse(key) as PromotionPreviewInput)
        .then((answer) => {
          if (!current) return;
          setPreview(answer.success ? answer.result : null);
          setRefusal(answer.success ? null : answer.message);
        })
        .catch(() => undefined)
        .finally(() => current && setLoading(false));
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  if (!key) return null;
  return (
    <Spin spinning={loading}>
      <div style={{ marginTop: 12 }}>
        <Typography.Text strong>价格预览</Typography.Text>
        {refusal && <Typography.Paragraph type="warning">{refusal}</Typography.Paragraph>}
        {preview && <PricePreviewPanel preview={preview} compact />}
      </div>
    </Spin>
  );
}
