// The rep's mobile workbench: 今日拜访 (today's plan in route order with the distance to each outlet, 签到, the
// visit's steps, 签退) and 我的 (this month's visits). Lean on purpose: plain elements and one stylesheet.
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { ABNORMAL_FLAG, PLAN_ITEM_STATUS, haversineMetres, type AbnormalFlag } from '../../common/visits';
import {
  fixed,
  loadMine,
  loadToday,
  checkInCancelled,
  checkInRequested,
  noticeShown,
  selectWorkbench,
  type WorkbenchRoot,
} from './slice';
import { locate } from './geo';
import { PhotoInput, type PhotoContext } from './PhotoInput';
import type { Fix, QueuedPhoto, TodayOutlet } from './types';
import { VisitSteps } from './VisitSteps';
import './workbench.css';

const useWorkbench = () => useSelector((state: WorkbenchRoot) => selectWorkbench(state));

function distanceText(fix: Fix | null, outlet: TodayOutlet): string {
  if (!fix || outlet.lng === null || outlet.lat === null) return '—';
  const metres = haversineMetres(fix, { lng: outlet.lng, lat: outlet.lat });
  return metres >= 1000 ? `${(metres / 1000).toFixed(1)} 公里` : `${metres} 米`;
}

function OutOfRange({
  outlet,
  distanceM,
  radiusM,
}: {
  outlet: TodayOutlet;
  distanceM: number;
  radiusM: number;
}) {
  const dispatch = useDispatch();
  const { fix, today } = useWorkbench();
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<QueuedPhoto | null>(null);
  const context: PhotoContext = {
    repName: today?.repName ?? '',
    customerCode: outlet.customerCode,
    address: outlet.address,
    fix,
  };
  return (
    <div className="wb-sheet" role="dialog" aria-label="超距签到">
      <div className="wb-warn">
        距门店 {distanceM} 米，超出签到范围 {radiusM} 米：超距签到须填写原因并拍摄照片
      </div>
      <textarea
        aria-label="超距原因"
        placeholder="超距原因"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <PhotoInput label="现场照片" kind="CHECK_IN" context={context} photo={photo} onChange={setPhoto} />
      <div className="wb-row">
        <button
          type="button"
          className="wb-button wb-button-ghost"
          onClick={() => dispatch(checkInCancelled())}
        >
          取消
        </button>
        <button
          type="button"
          className="wb-button wb-button-primary"
          disabled={!reason.trim() || !photo}
          onClick={() =>
            photo && dispatch(checkInRequested({ customerId: outlet.customerId, reason, photo }))
          }
        >
          超距签到
        </button>
      </div>
    </div>
  );
}

function TodayList() {
  const dispatch = useDispatch();
  const { today, fix, checkIn, visit, loading, loadError } = useWorkbench();
  if (!today) return <div className="wb-card wb-muted">{loadError ?? (loading ? '加载中…' : '')}</div>;
  if (today.outlets.length === 0)
    return <div className="wb-card wb-muted">今天（{today.date}）没有已确认的拜访计划</div>;
  const visited = today.outlets.filter((outlet) => outlet.status === 'VISITED').length;
  return (
    <section aria-label="今日拜访">
      <div className="wb-summary">
        {today.date} · 计划 {today.outlets.length} 家 · 已访 {visited} 家
        {fix && <span className="wb-muted"> · 定位精度 {fix.accuracyM} 米</span>}
      </div>
      <ol className="wb-outlets">
        {today.outlets.map((outlet) => {
          const here = checkIn.phase !== 'idle' && checkIn.customerId === outlet.customerId;
          return (
            <li key={outlet.id} className="wb-card wb-outlet" aria-label={outlet.customerName}>
              <div className="wb-outlet-main">
                <span className="wb-seq">{outlet.seq}</span>
                <div>
                  <div className="wb-title">{outlet.customerName}</div>
                  <div className="wb-muted">
                    {outlet.customerCode} · {outlet.address ?? '无地址'}
                  </div>
                  <div className="wb-muted">
                    距离 <b>{distanceText(fix, outlet)}</b> · 签到范围 {outlet.rule.checkInRadiusM} 米
                    {outlet.plannedTime && ` · 计划 ${outlet.plannedTime}`}
                    {outlet.purpose && ` · ${outlet.purpose}`}
                  </div>
                </div>
                <span className={`wb-tag wb-tag-${outlet.status}`}>{PLAN_ITEM_STATUS[outlet.status]}</span>
              </div>
              {outlet.status === 'PENDING' && !visit && (
                <button
                  type="button"
                  className="wb-button wb-button-primary"
                  disabled={checkIn.phase === 'locating'}
                  onClick={() => dispatch(checkInRequested({ customerId: outlet.customerId }))}
                >
                  {here && checkIn.phase === 'locating' ? '定位中…' : '签到'}
                </button>
              )}
              {here && checkIn.phase === 'refused' && (
                <div className="wb-error" role="alert">
                  {checkIn.message}
                </div>
              )}
              {here && checkIn.phase === 'needsReason' && (
                <OutOfRange outlet={outlet} distanceM={checkIn.distanceM} radiusM={checkIn.radiusM} />
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function MineView() {
  const dispatch = useDispatch();
  const { mine } = useWorkbench();
  useEffect(() => {
    dispatch(loadMine());
  }, [dispatch]);
  if (!mine) return <div className="wb-card wb-muted">加载中…</div>;
  return (
    <section aria-label="我的">
      <div className="wb-stats">
        <div>
          <b>{mine.totalVisits}</b>本月拜访
        </div>
        <div>
          <b>{mine.validVisits}</b>有效
        </div>
        <div>
          <b>{mine.abnormalVisits}</b>异常
        </div>
        <div>
          <b>{mine.avgScore ?? '—'}</b>平均得分
        </div>
        <div>
          <b>{mine.orderAmount}</b>订单金额
        </div>
      </div>
      <ol className="wb-outlets">
        {mine.visits.map((visit) => (
          <li key={visit.id} className="wb-card">
            <div className="wb-title">{visit.customerName}</div>
            <div className="wb-muted">
              {visit.checkInAt} · {visit.status_dictText}
              {visit.executionScore !== null && ` · ${visit.executionScore} 分`}
              {visit.abnormalFlags.length > 0 &&
                ` · ${visit.abnormalFlags.map((flag) => ABNORMAL_FLAG[flag as AbnormalFlag] ?? flag).join('、')}`}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function WorkbenchApp() {
  const dispatch = useDispatch();
  const { today, visit, fix, queue, queueStalled, online, notice } = useWorkbench();
  const [tab, setTab] = useState<'today' | 'mine'>('today');
  useEffect(() => {
    dispatch(loadToday());
    // A first fix for the distances; 签到 takes a fresh one.
    locate().then(
      (next) => dispatch(fixed(next)),
      () => undefined,
    );
  }, [dispatch]);
  const context: PhotoContext | null = visit
    ? { repName: today?.repName ?? '', customerCode: visit.customerCode, address: visit.address, fix }
    : null;
  return (
    <div className="wb">
      <header className="wb-header">
        <span>业代工作台</span>
        <span className="wb-muted">{today?.repName}</span>
      </header>
      {(!online || queue.length > 0) && (
        <div className={`wb-banner${online ? '' : ' wb-banner-offline'}`} role="status">
          {online ? '' : '网络已断开 · '}
          {queue.length > 0 ? `待上传 ${queue.length} 项` : '恢复网络后自动上传'}
          {queueStalled && online && ` · ${queueStalled}`}
        </div>
      )}
      {notice && (
        <div className="wb-notice" role="alert">
          {notice}
          <button type="button" aria-label="关闭" onClick={() => dispatch(noticeShown(null))}>
            ×
          </button>
        </div>
      )}
      <main className="wb-main">
        {tab === 'today' &&
          (visit && context ? <VisitSteps visit={visit} context={context} /> : <TodayList />)}
        {tab === 'mine' && <MineView />}
      </main>
      <nav className="wb-tabs">
        <button type="button" aria-pressed={tab === 'today'} onClick={() => setTab('today')}>
          今日拜访
        </button>
        <button type="button" aria-pressed={tab === 'mine'} onClick={() => setTab('mine')}>
          我的
        </button>
      </nav>
    </div>
  );
}
