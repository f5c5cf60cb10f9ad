// The visit the rep is in: its steps in order, each queued on the device when done, then 签退.
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { scoreItem, scoreResult } from '../../common/execution';
import { formatStay, type StepType } from '../../common/visits';
import { newClientId } from './clientIds';
import { PhotoInput, type PhotoContext } from './PhotoInput';
import { PAYMENT_METHOD, type PaymentMethod } from '../../common/orders';
import {
  checkOutRequested,
  orderPreviewCleared,
  orderPreviewRequested,
  orderRequested,
  selectWorkbench,
  stepQueued,
  type WorkbenchRoot,
} from './slice';
import { DISPLAY_ITEMS, stepsOf } from './steps';
import type { ExecutionTemplate, LocalVisit, OrderLine, QueuedPhoto, QueueItem, Sku, Today } from './types';

/** What a 陈列检查 scored by a template submits as the visit's execution result. */
interface ExecutionSubmission {
  templateId: string;
  items: Array<{ itemId: string; value: boolean | number | string | null }>;
  /** Item id → the client ids of its photos. */
  photoKeys: Record<string, string[]>;
}

function useSave(visit: LocalVisit) {
  const dispatch = useDispatch();
  return (
    stepType: StepType,
    data: Record<string, unknown>,
    photos: QueuedPhoto[],
    execution?: ExecutionSubmission,
  ) => {
    const items: QueueItem[] = photos.map((photo) => ({ id: `p-${photo.clientId}`, kind: 'photo', photo }));
    const clientId = newClientId();
    items.push({
      id: `s-${clientId}`,
      kind: 'step',
      visitKey: visit.key,
      body: { clientId, stepType, data },
      photoKeys: photos.map((photo) => photo.clientId),
    });
    if (execution) {
      const resultId = newClientId();
      items.push({
        id: `e-${resultId}`,
        kind: 'execution',
        visitKey: visit.key,
        body: { clientId: resultId, templateId: execution.templateId, items: execution.items },
        photoKeys: execution.photoKeys,
      });
    }
    dispatch(stepQueued({ stepType, items }));
  };
}

/** The template the visit's outlet is scored by today (from today's plan or the server's open visit). */
function templateOf(today: Today | null, visit: LocalVisit): ExecutionTemplate | null {
  const planned = today?.outlets.find((outlet) => outlet.customerId === visit.customerId);
  const open = today?.openVisit?.customerId === visit.customerId ? today.openVisit : null;
  const id = planned?.executionTemplateId ?? open?.executionTemplateId ?? null;
  return today?.executionTemplates.find((template) => template.id === id) ?? null;
}

type ItemValue = boolean | number | string | null;

/**
 * 陈列检查 against the outlet's active execution template, item by item, with the same scoring the server
 * applies (common/execution.ts) shown as a self-score; 拍照识别 items wait for the reviewer's score.
 */
function TemplateCheck({
  template,
  context,
  onSave,
}: {
  template: ExecutionTemplate;
  context: PhotoContext;
  onSave: (data: Record<string, unknown>, photos: QueuedPhoto[], execution: ExecutionSubmission) => void;
}) {
  const [values, setValues] = useState<Record<string, ItemValue>>({});
  const [photos, setPhotos] = useState<Record<string, QueuedPhoto | null>>({});
  const [error, setError] = useState<string | null>(null);
  const scored = template.items.map((item) => ({
    ...item,
    ...scoreItem(item, { value: values[item.id] ?? null, photoIds: photos[item.id] ? ['taken'] : [] }),
  }));
  const total = scoreResult(scored, template.passScore);
  const known = scored.reduce((sum, item) => sum + (item.score ?? 0), 0);
  const set = (id: string, value: ItemValue) => setValues((current) => ({ ...current, [id]: value }));
  const save = () => {
    const missing = template.items.find((item) => item.photoRequired && !photos[item.id]);
    if (missing) return setError(`请拍摄「${missing.name}」的照片!`);
    const taken = template.items.flatMap((item) => (photos[item.id] ? [photos[item.id] as QueuedPhoto] : []));
    const items = template.items.map((item) => ({ itemId: item.id, value: values[item.id] ?? null }));
    onSave(
      { templateId: template.id, templateVersion: template.version, items, selfScore: total.total },
      taken,
      {
        templateId: template.id,
        items,
        photoKeys: Object.fromEntries(
          template.items.flatMap((item) => {
            const photo = photos[item.id];
            return photo ? [[item.id, [photo.clientId]] as [string, string[]]] : [];
          }),
        ),
      },
    );
  };
  return (
    <>
      <div className="wb-muted">
        {template.name} V{template.version}（满分 {template.totalScore}，及格 {template.passScore}）
      </div>
      {template.items.map((item) => (
        <div className="wb-item" key={item.id}>
          {item.inputType === 'YES_NO' && (
            <label className="wb-check">
              <input
                type="checkbox"
                checked={values[item.id] === true}
                onChange={(event) => set(item.id, event.target.checked)}
              />
              {item.name}
              <small>{item.maxScore} 分</small>
            </label>
          )}
          {item.inputType === 'NUMBER' && (
            <label className="wb-check">
              {item.name}
              <input
                inputMode="numeric"
                aria-label={item.name}
                placeholder={`要求 ${item.requirement.min ?? 0}`}
                value={typeof values[item.id] === 'number' ? String(values[item.id]) : ''}
                onChange={(event) => {
                  const digits = event.target.value.replace(/\D/g, '');
                  set(item.id, digits === '' ? null : Number(digits));
                }}
              />
              <small>{item.maxScore} 分</small>
            </label>
          )}
          {item.inputType === 'SELECT' && (
            <label className="wb-check">
              {item.name}
              <select
                aria-label={item.name}
                value={typeof values[item.id] === 'string' ? String(values[item.id]) : ''}
                onChange={(event) => set(item.id, event.target.value || null)}
              >
                <option value="">请选择</option>
                {(item.requirement.options ?? item.requirement.passOptions ?? []).map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
              <small>{item.maxScore} 分</small>
            </label>
          )}
          {(item.inputType === 'PHOTO' || item.inputType === 'PHOTO_AI') && (
            <div className="wb-check">
              {item.name}
              <small>{item.inputType === 'PHOTO_AI' ? '审核人评分' : `${item.maxScore} 分`}</small>
            </div>
          )}
          {(item.photoRequired || item.inputType === 'PHOTO' || item.inputType === 'PHOTO_AI') && (
            <PhotoInput
              label={`${item.name}照`}
              kind="DISPLAY"
              context={context}
              photo={photos[item.id] ?? null}
              onChange={(photo) => setPhotos((current) => ({ ...current, [item.id]: photo }))}
            />
          )}
        </div>
      ))}
      <div className="wb-muted">
        {total.total === null
          ? `自评 ${known} 分，另有拍照识别项由审核人评分`
          : `自评 ${total.total} 分${total.vetoHit ? '（一票否决项未达标）' : ''}（以审核结果为准）`}
      </div>
      {error && <div className="wb-error">{error}</div>}
      <button type="button" className="wb-button" onClick={save}>
        保存陈列检查
      </button>
    </>
  );
}

function DoorPhoto({ context, onSave }: { context: PhotoContext; onSave: (photos: QueuedPhoto[]) => void }) {
  const [photo, setPhoto] = useState<QueuedPhoto | null>(null);
  return (
    <>
      <PhotoInput label="门头照" kind="DOOR" context={context} photo={photo} onChange={setPhoto} />
      <button type="button" className="wb-button" disabled={!photo} onClick={() => photo && onSave([photo])}>
        保存门头照
      </button>
    </>
  );
}

/** A SKU of a stock check or an order, with its code. */
const SkuName = ({ sku }: { sku: Sku }) => (
  <div className="wb-stock-name">
    {sku.name}
    <small>{sku.skuCode}</small>
  </div>
);

/** A count in whole cases or units: only digits are kept. */
function CountInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (digits: string) => void;
}) {
  return (
    <input
      inputMode="numeric"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
    />
  );
}

interface StockRow {
  qty: string;
  units: string;
  oldest: string;
}

function StockCheck({ skus, onSave }: { skus: Sku[]; onSave: (data: Record<string, unknown>) => void }) {
  const [rows, setRows] = useState<Record<string, StockRow>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (id: string, patch: Partial<StockRow>) =>
    setRows((current) => ({
      ...current,
      [id]: { ...(current[id] ?? { qty: '', units: '', oldest: '' }), ...patch },
    }));
  const save = () => {
    // The server checks the lines again and keeps one 门店库存 row per SKU (its base quantity from the SKU).
    const lines = skus
      .filter((sku) => (rows[sku.id]?.qty ?? '') !== '' || (rows[sku.id]?.units ?? '') !== '')
      .map((sku) => ({
        skuId: sku.id,
        skuCode: sku.skuCode,
        skuName: sku.name,
        qtyCases: Number(rows[sku.id].qty || 0),
        qtyUnits: Number(rows[sku.id].units || 0),
        oldestProductionDate: rows[sku.id].oldest || null,
      }));
    if (lines.length === 0) return setError('请至少填写一个品项的库存!');
    if (lines.some((line) => (line.qtyCases > 0 || line.qtyUnits > 0) && !line.oldestProductionDate))
      return setError('有库存的品项请填写最早生产日期!');
    onSave({ lines });
  };
  return (
    <>
      <div className="wb-stock">
        {skus.map((sku) => (
          <div className="wb-stock-row" key={sku.id}>
            <SkuName sku={sku} />
            <CountInput
              label={`${sku.name} 库存`}
              placeholder="箱"
              value={rows[sku.id]?.qty ?? ''}
              onChange={(qty) => set(sku.id, { qty })}
            />
            <CountInput
              label={`${sku.name} 散装`}
              placeholder="散"
              value={rows[sku.id]?.units ?? ''}
              onChange={(units) => set(sku.id, { units })}
            />
            <input
              type="date"
              aria-label={`${sku.name} 最早生产日期`}
              value={rows[sku.id]?.oldest ?? ''}
              onChange={(event) => set(sku.id, { oldest: event.target.value })}
            />
          </div>
        ))}
      </div>
      {error && <div className="wb-error">{error}</div>}
      <button type="button" className="wb-button" onClick={save}>
        保存盘点
      </button>
    </>
  );
}

function DisplayCheck({
  context,
  onSave,
}: {
  context: PhotoContext;
  onSave: (data: Record<string, unknown>, photos: QueuedPhoto[]) => void;
}) {
  const [met, setMet] = useState<Record<string, boolean>>({});
  const [photo, setPhoto] = useState<QueuedPhoto | null>(null);
  const score = DISPLAY_ITEMS.reduce((sum, item) => sum + (met[item.code] ? item.points : 0), 0);
  return (
    <>
      {DISPLAY_ITEMS.map((item) => (
        <label className="wb-check" key={item.code}>
          <input
            type="checkbox"
            checked={Boolean(met[item.code])}
            onChange={(event) => setMet((current) => ({ ...current, [item.code]: event.target.checked }))}
          />
          {item.name}
          <small>{item.points} 分</small>
        </label>
      ))}
      <div className="wb-muted">自评 {score} 分（以审核结果为准）</div>
      <PhotoInput label="陈列照" kind="DISPLAY" context={context} photo={photo} onChange={setPhoto} />
      <button
        type="button"
        className="wb-button"
        disabled={!photo}
        onClick={() =>
          photo &&
          onSave(
            {
              items: DISPLAY_ITEMS.map((item) => ({ ...item, met: Boolean(met[item.code]) })),
              selfScore: score,
            },
            [photo],
          )
        }
      >
        保存陈列检查
      </button>
    </>
  );
}

function Competitor({
  context,
  onSave,
}: {
  context: PhotoContext;
  onSave: (data: Record<string, unknown>, photos: QueuedPhoto[]) => void;
}) {
  const [brand, setBrand] = useState('');
  const [product, setProduct] = useState('');
  const [price, setPrice] = useState('');
  const [activity, setActivity] = useState('');
  const [facings, setFacings] = useState('');
  const [freezer, setFreezer] = useState(false);
  const [photo, setPhoto] = useState<QueuedPhoto | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <input
        aria-label="竞品品牌"
        placeholder="竞品品牌"
        value={brand}
        onChange={(e) => setBrand(e.target.value)}
      />
      <input
        aria-label="竞品产品"
        placeholder="产品"
        value={product}
        onChange={(e) => setProduct(e.target.value)}
      />
      <input
        aria-label="零售价"
        placeholder="零售价（元）"
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
      />
      <input
        aria-label="竞品排面"
        placeholder="排面数（选填）"
        inputMode="numeric"
        value={facings}
        onChange={(e) => setFacings(e.target.value.replace(/\D/g, ''))}
      />
      <label className="wb-check">
        <input type="checkbox" checked={freezer} onChange={(e) => setFreezer(e.target.checked)} />
        竞品有冰柜
      </label>
      <input
        aria-label="促销活动"
        placeholder="促销活动（选填）"
        value={activity}
        onChange={(e) => setActivity(e.target.value)}
      />
      <PhotoInput label="竞品照" kind="COMPETITOR" context={context} photo={photo} onChange={setPhoto} />
      {error && <div className="wb-error">{error}</div>}
      <button
        type="button"
        className="wb-button"
        onClick={() => {
          if (!brand.trim() || !product.trim()) return setError('请填写竞品品牌和产品!');
          if (price !== '' && !/^\d+(\.\d{1,2})?$/.test(price)) return setError('零售价格式不正确!');
          // One observation; its photo is the step's first (the server pairs them in order).
          onSave(
            {
              observations: [
                {
                  competitorBrand: brand.trim(),
                  skuName: product.trim(),
                  retailPrice: price === '' ? null : Number(price),
                  facings: facings === '' ? null : Number(facings),
                  hasFreezer: freezer,
                  promoNote: activity.trim() || null,
                },
              ],
            },
            photo ? [photo] : [],
          );
        }}
      >
        保存竞品
      </button>
    </>
  );
}

/** How an outlet pays for an order taken in the store (online payment is the mall's). */
const VISIT_PAYMENT_METHODS: readonly PaymentMethod[] = ['COD', 'CREDIT', 'PREPAID'];

/**
 * 下单: SKUs in cases and loose units, the server's prices for the outlet (the order form's preview), then the
 * order queued like a step — several per visit; or 本次不下单 with the reason, which also completes the step.
 */
function OrderStep({
  visit,
  onNoOrder,
}: {
  visit: LocalVisit;
  onNoOrder: (data: Record<string, unknown>) => void;
}) {
  const dispatch = useDispatch();
  const { today, orderPreview, queue } = useSelector((state: WorkbenchRoot) => selectWorkbench(state));
  const skus = today?.skus ?? [];
  const [rows, setRows] = useState<Record<string, { cases: string; units: string }>>({});
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('COD');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const placed = today?.openVisit?.clientId === visit.key ? today.openVisit.orders : [];
  const waiting = queue.filter((item) => item.kind === 'order' && item.visitKey === visit.key);
  const lines: OrderLine[] = skus
    .map((sku) => ({
      skuId: sku.id,
      cases: Number(rows[sku.id]?.cases || 0),
      units: Number(rows[sku.id]?.units || 0),
    }))
    .filter((line) => line.cases > 0 || line.units > 0);
  const set = (id: string, patch: Partial<{ cases: string; units: string }>) => {
    setRows((current) => ({ ...current, [id]: { ...(current[id] ?? { cases: '', units: '' }), ...patch } }));
    dispatch(orderPreviewCleared());
  };
  const withLines = (run: () => void) => () => {
    if (lines.length === 0) return setError('请至少填写一个商品的数量!');
    setError(null);
    run();
  };
  return (
    <>
      {(placed.length > 0 || waiting.length > 0) && (
        <ul className="wb-orders" aria-label="本次拜访的订单">
          {placed.map((order) => (
            <li key={order.id}>
              订单 {order.orderNo}
              <strong>¥{order.payableAmount}</strong>
            </li>
          ))}
          {waiting.map((item) => (
            <li key={item.id}>
              订单待上传
              <small>联网后提交，由服务器定价</small>
            </li>
          ))}
        </ul>
      )}
      <div className="wb-stock">
        {skus.map((sku) => (
          <div className="wb-stock-row wb-order-row" key={sku.id}>
            <SkuName sku={sku} />
            <CountInput
              label={`${sku.name} 订货箱数`}
              placeholder="箱"
              value={rows[sku.id]?.cases ?? ''}
              onChange={(cases) => set(sku.id, { cases })}
            />
            <CountInput
              label={`${sku.name} 订货散数`}
              placeholder="散"
              value={rows[sku.id]?.units ?? ''}
              onChange={(units) => set(sku.id, { units })}
            />
          </div>
        ))}
      </div>
      <label className="wb-check">
        付款方式
        <select
          aria-label="付款方式"
          value={paymentMethod}
          onChange={(event) => setPaymentMethod(event.target.value as PaymentMethod)}
        >
          {VISIT_PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD[method]}
            </option>
          ))}
        </select>
      </label>
      {orderPreview.phase === 'loading' && <div className="wb-muted">正在计算价格…</div>}
      {orderPreview.phase === 'failed' && <div className="wb-error">{orderPreview.message}</div>}
      {orderPreview.phase === 'ready' && (
        <div className="wb-preview" aria-label="价格预览">
          {orderPreview.preview.lines.map((line) => (
            <div key={`${line.skuId}-${line.isGift}`}>
              {line.skuName} {line.qtyText}
              {line.isGift ? <small>赠品</small> : <span>¥{line.amount}</span>}
            </div>
          ))}
          <div className="wb-muted">
            货款 ¥{orderPreview.preview.goodsAmount}，优惠 ¥{orderPreview.preview.promoDiscountAmount}
          </div>
          <div className="wb-title">应付 ¥{orderPreview.preview.payableAmount}</div>
        </div>
      )}
      {error && <div className="wb-error">{error}</div>}
      <button
        type="button"
        className="wb-button"
        onClick={withLines(() => dispatch(orderPreviewRequested({ lines })))}
      >
        预览价格
      </button>
      <button
        type="button"
        className="wb-button wb-button-primary"
        onClick={withLines(() => {
          dispatch(orderRequested({ lines, paymentMethod }));
          setRows({});
        })}
      >
        提交订单
      </button>
      <div className="wb-no-order">
        <input
          aria-label="不下单原因"
          placeholder="本次不下单的原因"
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button
          type="button"
          className="wb-button"
          onClick={() => {
            if (!reason.trim()) return setError('请填写本次不下单的原因!');
            onNoOrder({ noOrder: true, reason: reason.trim() });
          }}
        >
          本次不下单
        </button>
      </div>
    </>
  );
}

/** The steps with a form of their own; the others are a photo and a note. */
const SPECIAL_STEPS: readonly StepType[] = [
  'DOOR_PHOTO',
  'STOCK_CHECK',
  'DISPLAY_CHECK',
  'COMPETITOR',
  'ORDER',
];

/** 价格检查, 冰柜检查, 物料张贴, 协议检核, 问卷: a photo and what the rep found, in a note. */
function NoteStep({
  title,
  context,
  onSave,
}: {
  title: string;
  context: PhotoContext;
  onSave: (data: Record<string, unknown>, photos: QueuedPhoto[]) => void;
}) {
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<QueuedPhoto | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <PhotoInput label={`${title}照`} kind="STEP" context={context} photo={photo} onChange={setPhoto} />
      <textarea
        aria-label={`${title}说明`}
        placeholder="检查情况（选填）"
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {error && <div className="wb-error">{error}</div>}
      <button
        type="button"
        className="wb-button"
        onClick={() => {
          if (!photo && !note.trim()) return setError('请拍照或填写检查情况!');
          onSave({ note: note.trim() || null }, photo ? [photo] : []);
        }}
      >
        保存{title}
      </button>
    </>
  );
}

function useStay(checkInAt: string) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((now - Date.parse(checkInAt.replace(' ', 'T'))) / 1000));
}

export function VisitSteps({ visit, context }: { visit: LocalVisit; context: PhotoContext }) {
  const dispatch = useDispatch();
  const { today, checkOutError } = useSelector((state: WorkbenchRoot) => selectWorkbench(state));
  const save = useSave(visit);
  const steps = stepsOf(visit, today?.mayOrder);
  const [open, setOpen] = useState<StepType | null>(
    () => steps.find((step) => !visit.stepsDone.includes(step.type))?.type ?? null,
  );
  const [overtimePhoto, setOvertimePhoto] = useState<QueuedPhoto | null>(null);
  const stay = useStay(visit.checkInAt);
  const done = (type: StepType) => visit.stepsDone.includes(type);
  const template = templateOf(today, visit);
  const saveAndNext = (
    type: StepType,
    data: Record<string, unknown>,
    photos: QueuedPhoto[],
    execution?: ExecutionSubmission,
  ) => {
    save(type, data, photos, execution);
    setOpen(steps.find((step) => step.type !== type && !done(step.type))?.type ?? null);
  };
  const tooShort = stay < visit.rule.minStayMinutes * 60;
  const tooLong = stay > visit.rule.maxStayMinutes * 60;
  return (
    <section className="wb-visit" aria-label="拜访中">
      <header className="wb-card wb-visit-head">
        <div className="wb-title">{visit.customerName}</div>
        <div className="wb-muted">
          {visit.customerCode} · 在店 {formatStay(stay)}（要求 {visit.rule.minStayMinutes}–
          {visit.rule.maxStayMinutes} 分钟）
        </div>
      </header>
      <ol className="wb-steps">
        {steps.map((step, index) => (
          <li key={step.type} className={`wb-card wb-step${done(step.type) ? ' wb-step-done' : ''}`}>
            <button
              type="button"
              className="wb-step-head"
              aria-expanded={open === step.type}
              onClick={() => setOpen(open === step.type ? null : step.type)}
            >
              <span className="wb-step-no">{index + 1}</span>
              {step.title}
              {step.required && <span className="wb-tag wb-tag-required">必做</span>}
              <span className="wb-step-state">{done(step.type) ? '已完成' : '待完成'}</span>
            </button>
            {open === step.type && (
              <div className="wb-step-body">
                {step.type === 'DOOR_PHOTO' && (
                  <DoorPhoto context={context} onSave={(photos) => saveAndNext('DOOR_PHOTO', {}, photos)} />
                )}
                {step.type === 'STOCK_CHECK' && (
                  <StockCheck
                    skus={today?.skus ?? []}
                    onSave={(data) => saveAndNext('STOCK_CHECK', data, [])}
                  />
                )}
                {step.type === 'DISPLAY_CHECK' &&
                  (template ? (
                    <TemplateCheck
                      template={template}
                      context={context}
                      onSave={(data, photos, execution) =>
                        saveAndNext('DISPLAY_CHECK', data, photos, execution)
                      }
                    />
                  ) : (
                    <DisplayCheck
                      context={context}
                      onSave={(data, photos) => saveAndNext('DISPLAY_CHECK', data, photos)}
                    />
                  ))}
                {step.type === 'COMPETITOR' && (
                  <Competitor
                    context={context}
                    onSave={(data, photos) => saveAndNext('COMPETITOR', data, photos)}
                  />
                )}
                {step.type === 'ORDER' && (
                  <OrderStep visit={visit} onNoOrder={(data) => saveAndNext('ORDER', data, [])} />
                )}
                {!SPECIAL_STEPS.includes(step.type) && (
                  <NoteStep
                    title={step.title}
                    context={context}
                    onSave={(data, photos) => saveAndNext(step.type, data, photos)}
                  />
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
      <div className="wb-card">
        {tooShort && (
          <div className="wb-warn">在店不足 {visit.rule.minStayMinutes} 分钟，现在签退将标记为停留过短</div>
        )}
        {tooLong && (
          <PhotoInput
            label="超时举证照片"
            kind="CHECK_OUT"
            context={context}
            photo={overtimePhoto}
            onChange={setOvertimePhoto}
          />
        )}
        {checkOutError && <div className="wb-error">{checkOutError}</div>}
        <button
          type="button"
          className="wb-button wb-button-primary"
          onClick={() => dispatch(checkOutRequested({ photo: overtimePhoto ?? undefined }))}
        >
          签退
        </button>
      </div>
    </section>
  );
}
