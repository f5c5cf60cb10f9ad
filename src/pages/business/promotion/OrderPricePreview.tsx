// The order form's live price: once the buyer and complete lines are there, the server prices the cart as
// placing would (promotions, gifts, totals) and the form shows it; it follows every change after a pause.
// The client sends SKUs and quantities only — the amounts shown are the server's. The form hears of each
// answer (onPriced): the buyer outlet's coins it shows and checks the 金币抵扣 against come with it.
import { useEffect, useState } from 'react';
import { Spin, Typography } from 'antd';
import type { CoinDeduction } from '../../../../common/execution';
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
  coinDeductCoins?: number | null,
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
    ...(coinDeductCoins ? { coinDeductCoins } : {}),
  };
}

/** What a coin is worth, as the form says it: 100 金币 = ¥1. */
const coinRate = (coins: CoinDeduction) => `${Math.round(1 / coins.coinValueYuan)} 金币 = ¥1`;

/** The outlet's coins for the cart under the 金币抵扣 field, or why it cannot use any. */
export const coinsHint = (coins: CoinDeduction) =>
  coins.reason && coins.available === 0
    ? coins.reason
    : `可用 ${coins.available} 金币，本单最多可用 ${coins.maxCoins} 金币（${coinRate(coins)}）${coins.reason ? `，${coins.reason}` : ''}`;

/** Why the coins typed cannot be used on the cart the server last priced, or null. */
export function coinProblem(asked: number | null | undefined, coins: CoinDeduction | undefined) {
  if (!asked || !coins) return null;
  if (asked > coins.available) return `门店可用金币只有 ${coins.available}!`;
  if (asked > coins.maxCoins) return `本单最多可用 ${coins.maxCoins} 金币!`;
  return null;
}

export function OrderPricePreview({
  input,
  onPriced,
}: {
  input: PromotionPreviewInput | null;
  onPriced?: (preview: PromotionPreview | null) => void;
}) {
  const [preview, setPreview] = useState<PromotionPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = input ? JSON.stringify(input) : '';
  useEffect(() => {
    if (!key) {
      setPreview(null);
      setRefusal(null);
      onPriced?.(null);
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
          onPriced?.(answer.success ? answer.result : null);
        })
        .catch(() => undefined)
        .finally(() => current && setLoading(false));
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, onPriced]);
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
