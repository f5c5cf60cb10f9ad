// The visit the rep is in: its steps in order, each queued on the device when done, then 签退.
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { formatStay, type StepType } from '../../common/visits';
import { newClientId } from './clientIds';
import { PhotoInput, type PhotoContext } from './PhotoInput';
import { checkOutRequested, selectWorkbench, stepQueued, type WorkbenchRoot } from './slice';
import { DISPLAY_ITEMS, WORKBENCH_STEPS } from './steps';
import type { LocalVisit, QueuedPhoto, QueueItem, Sku } from './types';

function useSave(visit: LocalVisit) {
  const dispatch = useDispatch();
  return (stepType: StepType, data: Record<string, unknown>, photos: QueuedPhoto[]) => {
    const items: QueueItem[] = photos.map((photo) => ({ id: `p-${photo.clientId}`, kind: 'photo', photo }));
    const clientId = newClientId();
    items.push({
      id: `s-${clientId}`,
      kind: 'step',
      visitKey: visit.key,
      body: { clientId, stepType, data },
      photoKeys: photos.map((photo) => photo.clientId),
    });
    dispatch(stepQueued({ stepType, items }));
  };
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

interface StockRow {
  qty: string;
  oldest: string;
}

function StockCheck({ skus, onSave }: { skus: Sku[]; onSave: (data: Record<string, unknown>) => void }) {
  const [rows, setRows] = useState<Record<string, StockRow>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (id: string, patch: Partial<StockRow>) =>
    setRows((current) => ({ ...current, [id]: { ...(current[id] ?? { qty: '', oldest: '' }), ...patch } }));
  const save = () => {
    const lines = skus
      .filter((sku) => rows[sku.id]?.qty !== undefined && rows[sku.id]?.qty !== '')
      .map((sku) => ({
        skuId: sku.id,
        skuCode: sku.skuCode,
        skuName: sku.name,
        qty: Number(rows[sku.id].qty),
        oldestProductionDate: rows[sku.id].oldest || null,
      }));
    if (lines.length === 0) return setError('请至少填写一个品项的库存');
    if (lines.some((line) => !Number.isInteger(line.qty) || line.qty < 0))
      return setError('库存数量应为不小于 0 的整数');
    if (lines.some((line) => line.qty > 0 && !line.oldestProductionDate))
      return setError('有库存的品项请填写最早生产日期');
    onSave({ lines });
  };
  return (
    <>
      <div className="wb-stock">
        {skus.map((sku) => (
          <div className="wb-stock-row" key={sku.id}>
            <div className="wb-stock-name">
              {sku.name}
              <small>{sku.skuCode}</small>
            </div>
            <input
              inputMode="numeric"
              aria-label={`${sku.name} 库存`}
              placeholder="数量"
              value={rows[sku.id]?.qty ?? ''}
              onChange={(event) => set(sku.id, { qty: event.target.value.replace(/\D/g, '') })}
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
          if (!brand.trim() || !product.trim()) return setError('请填写竞品品牌和产品');
          if (price !== '' && !/^\d+(\.\d{1,2})?$/.test(price)) return setError('零售价格式不正确');
          onSave(
            {
              brand: brand.trim(),
              product: product.trim(),
              retailPrice: price === '' ? null : Number(price),
              activity: activity.trim() || null,
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
  const [open, setOpen] = useState<StepType | null>(
    () => WORKBENCH_STEPS.find((step) => !visit.stepsDone.includes(step.type))?.type ?? null,
  );
  const [overtimePhoto, setOvertimePhoto] = useState<QueuedPhoto | null>(null);
  const stay = useStay(visit.checkInAt);
  const done = (type: StepType) => visit.stepsDone.includes(type);
  const saveAndNext = (type: StepType, data: Record<string, unknown>, photos: QueuedPhoto[]) => {
    save(type, data, photos);
    setOpen(WORKBENCH_STEPS.find((step) => step.type !== type && !done(step.type))?.type ?? null);
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
        {WORKBENCH_STEPS.map((step, index) => (
          <li key={step.type} className={`wb-card wb-step${done(step.type) ? ' wb-step-done' : ''}`}>
            <button
              type="button"
              className="wb-step-head"
              aria-expanded={open === step.type}
              onClick={() => setOpen(open === step.type ? null : step.type)}
            >
              <span className="wb-step-no">{index + 1}</span>
              {step.title}
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
                {step.type === 'DISPLAY_CHECK' && (
                  <DisplayCheck
                    context={context}
                    onSave={(data, photos) => saveAndNext('DISPLAY_CHECK', data, photos)}
                  />
                )}
                {step.type === 'COMPETITOR' && (
                  <Competitor
                    context={context}
                    onSave={(data, photos) => saveAndNext('COMPETITOR', data, photos)}
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
