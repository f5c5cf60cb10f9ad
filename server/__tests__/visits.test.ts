// Visits over real HTTP (issue #17, DOMAIN §1.4): routes and their order, the most specific check-in rule,
// check-in decided by the server (haversine distance at the radius edge, accuracy, out of range with reason
// and photo, duplicate photos), replays that answer the same visit, stays at their bounds, a rep outside the
// outlet's scope, the day close (AUTO_CLOSED, plans settled), the list with its filters and export, and
// another tenant seeing nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { DEFAULT_VISIT_STEPS, haversineMetres } from '../../common/visits';
import { closeVisitDays } from '../modules/visits/dayClose';
import { weekdayOf } from '../modules/visits/plans';
import { addDays } from '../modules/stock/stockAge';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface Outlet {
  id: string;
  name: string;
  lng: number;
  lat: number;
  channel: string;
  outletType: string | null;
}

interface Visit {
  id: string;
  visitNo: string;
  status: string;
  visitType: string;
  checkInDistanceM: number;
  checkInInRange: boolean;
  durationSec: number | null;
  isValid: boolean;
  abnormalFlags: string[];
  replayed: boolean;
  rule: { checkInRadiusM: number; ruleName: string };
}

/** A point `metres` due north of the outlet, nudged until the server's rounding gives exactly that distance. */
function northOf(outlet: Outlet, metres: number) {
  const perMetre = 180 / (Math.PI * 6_371_008.8);
  for (let step = -10; step <= 10; step += 1) {
    const point = { lng: outlet.lng, lat: outlet.lat + (metres + step / 20) * perMetre };
    if (haversineMetres(point, outlet) === metres) return point;
  }
  throw new Error(`no point ${metres} m away`);
}

const noise = () =>
  sharp(randomBytes(48 * 32 * 3), { raw: { width: 48, height: 32, channels: 3 } })
    .jpeg()
    .toBuffer();

describe.each(testBackends())('visits on %s', (backend) => {
  const context = useTestServer(backend, { businessData: true });
  const db = () => context.database.db;
  let rep: string;
  let admin: string;
  let manager: string;
  let outlets: Outlet[];
  let shanghaiOutlet: string;
  let today: string;
  let skus: Array<{ id: string; sku_code: string; units_per_case: number; shelf_life_days: number }>;

  const post = <T>(token: string, path: string, body: unknown) => context.client.post<T>(path, body, token);
  const checkIn = (outlet: Outlet, metres: number, extra: Record<string, unknown> = {}) =>
    post<Visit>(rep, '/eVisit/checkIn', {
      clientId: randomUUID(),
      customerId: outlet.id,
      ...northOf(outlet, metres),
      accuracyM: 20,
      ...extra,
    });
  const checkOut = (visitId: string, outlet: Outlet, extra: Record<string, unknown> = {}) =>
    post<Visit>(rep, '/eVisit/checkOut', {
      visitId,
      lng: outlet.lng,
      lat: outlet.lat,
      accuracyM: 15,
      ...extra,
    });
  /** Moves a visit's check-in back: the server's clock then counts that stay. */
  const stayed = (visitId: string, seconds: number) =>
    db()
      .updateTable('visit_records')
      .set({ check_in_at: sql`now() - make_interval(secs => ${seconds})` })
      .where('id', '=', visitId)
      .execute();
  const photo = async (content?: Buffer) => {
    const form = new FormData();
    form.append('bizType', 'VISIT');
    form.append('kind', 'DOOR');
    form.append('file', new Blob([new Uint8Array(content ?? (await noise()))]), '门头.jpg');
    const response = await fetch(`${context.server.baseUrl}/api/sys/attachment/upload`, {
      method: 'POST',
      headers: { 'x-access-token': rep },
      body: form,
    });
    const body = (await response.json()) as { result: { id: string } };
    return body.result.id;
  };

  beforeAll(async () => {
    [rep, admin, manager] = await Promise.all(
      ['zhaolei', 'admin', 'zhangwei'].map((name) => context.tokenOf(name)),
    );
    today = (
      await sql<{
        day: string;
      }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day`.execute(db())
    ).rows[0].day;
    // Outlets of 广州办事处 (zhaolei's) that no plan of today names and nobody is checked in at.
    const rows = await db()
      .selectFrom('customers')
      .select(['id', 'name', 'lng', 'lat', 'channel', 'outlet_type'])
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', 'A01A02A01')
      .where('lng', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('visit_plan_items')
              .select('visit_plan_items.id')
              .whereRef('visit_plan_items.customer_id', '=', 'customers.id'),
          ),
        ),
      )
      .orderBy('customer_code')
      .limit(4)
      .execute();
    outlets = rows.map((row) => ({
      id: row.id,
      name: row.name,
      lng: Number(row.lng),
      lat: Number(row.lat),
      channel: row.channel,
      outletType: row.outlet_type,
    }));
    expect(outlets).toHaveLength(4);
    shanghaiOutlet = (
      await db()
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('customer_type', '=', 'OUTLET')
        .where('org_code', '=', 'A01A01A01')
        .executeTakeFirstOrThrow()
    ).id;
    skus = await db()
      .selectFrom('skus')
      .select(['id', 'sku_code', 'units_per_case', 'shelf_life_days'])
      .where('tenant_id', '=', 'A01')
      .where('status', '=', 'ON_SALE')
      .orderBy('sku_code')
      .limit(2)
      .execute();
    // Leaves no visit of the demo open for the rep.
    await db()
      .updateTable('visit_records')
      .set({ status: 'COMPLETED', check_out_at: sql`now()` })
      .where('status', '=', 'CHECKED_IN')
      .execute();
  });

  it('holds an outlet to its most specific rule and decides the radius edge to the metre', async () => {
    const [outlet] = outlets;
    const base = {
      orgCode: 'A01A02',
      gpsAccuracyMaxM: 100,
      allowOutOfRange: true,
      requireCheckOut: true,
      minStayMinutes: 5,
      maxStayMinutes: 90,
    };
    const wide = await post(admin, '/eVisit/rule/add', { ...base, name: '华南大区', checkInRadiusM: 500 });
    expect(wide.body).toMatchObject({ success: true });
    const narrow = await post(admin, '/eVisit/rule/add', {
      ...base,
      name: '广州同类门店',
      orgCode: 'A01A02A01',
      channel: outlet.channel,
      outletType: outlet.outletType,
      checkInRadiusM: 200,
    });
    expect(narrow.body).toMatchObject({ success: true });
    const twin = await post(admin, '/eVisit/rule/add', {
      ...base,
      name: '重复',
      orgCode: 'A01A02A01',
      channel: outlet.channel,
      outletType: outlet.outletType,
      checkInRadiusM: 300,
    });
    expect(twin.body).toMatchObject({ success: false, code: 409, message: '该范围已有启用的打卡规则' });
    const badStay = await post(admin, '/eVisit/rule/add', {
      ...base,
      name: '错',
      minStayMinutes: 60,
      maxStayMinutes: 30,
      checkInRadiusM: 100,
    });
    expect(badStay.body).toMatchObject({ success: false, message: '最短停留不能大于最长停留' });

    const far = await checkIn(outlet, 201);
    expect(far.body).toMatchObject({
      success: false,
      code: 400,
      message: '距门店 201 米，超出签到范围 200 米：超距签到须填写原因并拍摄照片',
    });
    const inaccurate = await checkIn(outlet, 10, { accuracyM: 150 });
    expect(inaccurate.body).toMatchObject({
      success: false,
      message: expect.stringContaining('定位精度 150 米'),
    });

    const edge = await checkIn(outlet, 200);
    expect(edge.body.result).toMatchObject({
      checkInDistanceM: 200,
      checkInInRange: true,
      abnormalFlags: [],
      status: 'CHECKED_IN',
      visitType: 'UNPLANNED',
      rule: { checkInRadiusM: 200, ruleName: '广州同类门店' },
    });
    // Another outlet while this one is open.
    const second = await checkIn(outlets[1], 10);
    expect(second.body).toMatchObject({
      success: false,
      code: 409,
      message: `您在「${outlet.name}」的拜访尚未签退，请先签退`,
    });
    await stayed(edge.body.result.id, 600);
    expect((await checkOut(edge.body.result.id, outlet)).body.result).toMatchObject({
      status: 'COMPLETED',
      isValid: true,
    });
  });

  it('answers a replayed check-in and check-out with the same visit, never a second one', async () => {
    const outlet = outlets[1];
    const body = { clientId: randomUUID(), customerId: outlet.id, ...northOf(outlet, 30), accuracyM: 10 };
    const first = await post<Visit>(rep, '/eVisit/checkIn', body);
    const again = await post<Visit>(rep, '/eVisit/checkIn', body);
    const third = await post<Visit>(rep, '/eVisit/checkIn', body);
    expect(first.body.result.replayed).toBe(false);
    expect(again.body.result).toMatchObject({
      id: first.body.result.id,
      visitNo: first.body.result.visitNo,
      replayed: true,
    });
    expect(third.body.result.id).toBe(first.body.result.id);
    const reused = await post(rep, '/eVisit/checkIn', { ...body, customerId: outlets[2].id });
    expect(reused.body).toMatchObject({
      success: false,
      code: 409,
      message: '该签到请求编号已用于另一家门店',
    });
    const { count } = await db()
      .selectFrom('visit_records')
      .select(sql<number>`count(*)::integer`.as('count'))
      .where('client_id', '=', body.clientId)
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
    const step = {
      visitId: first.body.result.id,
      clientId: randomUUID(),
      stepType: 'STOCK_CHECK',
      data: { lines: [{ skuId: skus[0].id, qtyCases: 3, oldestProductionDate: '2026-01-02' }] },
    };
    const stepOnce = await post<{ id: string; replayed: boolean }>(rep, '/eVisit/step', step);
    const stepTwice = await post<{ id: string; replayed: boolean }>(rep, '/eVisit/step', step);
    expect(stepTwice.body.result).toEqual({ id: stepOnce.body.result.id, replayed: true });
    await stayed(first.body.result.id, 400);
    const out = await checkOut(first.body.result.id, outlet);
    const outAgain = await checkOut(first.body.result.id, outlet);
    expect(outAgain.body.result).toMatchObject({
      id: out.body.result.id,
      status: 'COMPLETED',
      replayed: true,
      durationSec: out.body.result.durationSec,
    });
  });

  it('flags out-of-range check-ins with reason and photo, and duplicate photos', async () => {
    const outlet = outlets[2];
    const bytes = await noise();
    const door = await photo(bytes);
    const far = await checkIn(outlet, 600, { reason: '门店搬迁到对面', photoId: door });
    expect(far.body.result).toMatchObject({
      checkInDistanceM: 600,
      checkInInRange: false,
      abnormalFlags: ['OUT_OF_RANGE'],
      isValid: false,
    });
    await stayed(far.body.result.id, 360);
    // The same picture again at check-out: the attachment service's hashes mark it.
    const copy = await photo(bytes);
    const out = await checkOut(far.body.result.id, outlet, { photoId: copy });
    expect(out.body.result.abnormalFlags).toEqual(['OUT_OF_RANGE', 'DUP_PHOTO']);
    const detail = await context.client.get<{
      timeline: Array<{ kind: string }>;
      photos: Array<{ id: string; duplicate: { kind: string } | null }>;
    }>(`/eVisit/record/queryById?id=${far.body.result.id}`, manager);
    expect(detail.body.result.timeline.map((each) => each.kind)).toEqual(['CHECK_IN', 'CHECK_OUT']);
    expect(detail.body.result.photos.find((each) => each.id === copy)?.duplicate?.kind).toBe('EXACT');
  });

  it('counts the stay on the server clock against the rule’s minimum and maximum', async () => {
    const outlet = outlets[3];
    const short = await checkIn(outlet, 5);
    await stayed(short.body.result.id, 5 * 60 - 5);
    expect((await checkOut(short.body.result.id, outlet)).body.result).toMatchObject({
      abnormalFlags: ['TOO_SHORT'],
      isValid: false,
    });

    const enough = await checkIn(outlet, 5);
    await stayed(enough.body.result.id, 5 * 60 + 1);
    expect((await checkOut(enough.body.result.id, outlet)).body.result).toMatchObject({
      abnormalFlags: [],
      isValid: true,
    });

    const long = await checkIn(outlet, 5);
    await stayed(long.body.result.id, 90 * 60 + 5);
    const refused = await checkOut(long.body.result.id, outlet);
    expect(refused.body).toMatchObject({
      success: false,
      message: '在店已超过 90 分钟，请拍摄超时举证照片后签退',
    });
    const proved = await checkOut(long.body.result.id, outlet, { photoId: await photo() });
    expect(proved.body.result).toMatchObject({ abnormalFlags: ['TOO_LONG'], isValid: true });
  });

  it('reviews a flagged visit in 审批中心: 认可 makes it valid, 不认可 keeps it invalid', async () => {
    const outlet = outlets[3];
    const shortVisit = async () => {
      const visit = await checkIn(outlet, 5);
      await stayed(visit.body.result.id, 60);
      return (await checkOut(visit.body.result.id, outlet)).body.result;
    };
    const reviewOf = async (visit: Visit) => {
      const todo = await context.client.get<{
        records: Array<{ id: string; taskId: string; bizType: string; title: string }>;
      }>(`/approval/todo/list?bizNo=${visit.visitNo}`, manager);
      expect(todo.body.result.records).toHaveLength(1);
      return todo.body.result.records[0];
    };
    const recordOf = async (visit: Visit) =>
      (
        await context.client.get<{ isValid: boolean; abnormalReviewStatus: string }>(
          `/eVisit/record/queryById?id=${visit.id}`,
          manager,
        )
      ).body.result;

    const accepted = await shortVisit();
    expect(accepted).toMatchObject({ abnormalFlags: ['TOO_SHORT'], isValid: false });
    const task = await reviewOf(accepted);
    expect(task).toMatchObject({ bizType: 'VISIT_ABNORMAL', title: `赵磊 拜访 ${outlet.name}（停留过短）` });
    const detail = await context.client.get<{ summary: { fields: Array<{ label: string; value: string }> } }>(
      `/approval/queryById?id=${task.id}`,
      manager,
    );
    expect(detail.body.result.summary.fields).toContainEqual({ label: '在店时长', value: '1分0秒' });
    expect((await post(manager, '/approval/approve', { taskId: task.taskId })).body.success).toBe(true);
    expect(await recordOf(accepted)).toMatchObject({ isValid: true, abnormalReviewStatus: 'ACCEPTED' });

    const denied = await shortVisit();
    const second = await reviewOf(denied);
    expect(
      (await post(manager, '/approval/reject', { taskId: second.taskId, comment: '停留过短' })).body.success,
    ).toBe(true);
    expect(await recordOf(denied)).toMatchObject({ isValid: false, abnormalReviewStatus: 'DENIED' });

    // With the flow disabled the rep still checks out; the visit waits unreviewed.
    const flows = (status: 'ACTIVE' | 'DISABLED') =>
      db()
        .updateTable('approval_flows')
        .set({ status })
        .where('tenant_id', '=', 'A01')
        .where('biz_type', '=', 'VISIT_ABNORMAL')
        .execute();
    await flows('DISABLED');
    const unreviewed = await shortVisit();
    await flows('ACTIVE');
    expect(unreviewed).toMatchObject({ abnormalFlags: ['TOO_SHORT'], abnormalReviewStatus: 'PENDING' });
    const none = await context.client.get<{ total: number }>(
      `/approval/todo/list?bizNo=${unreviewed.visitNo}`,
      manager,
    );
    expect(none.body.result.total).toBe(0);
  });

  it('lets a rep visit only outlets of their data scope', async () => {
    const outside = await post(rep, '/eVisit/checkIn', {
      clientId: randomUUID(),
      customerId: shanghaiOutlet,
      lng: 121.47,
      lat: 31.23,
      accuracyM: 10,
    });
    expect(outside.body).toMatchObject({ success: false, code: 404, message: '客户不存在或无权访问' });
  });

  it('plans routes by weekday, ticks visits off and settles the day; the day close closes forgotten visits', async () => {
    const zhaolei = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'zhaolei')
      .executeTakeFirstOrThrow();
    const route = await post<{ id: string }>(manager, '/eVisit/route/add', {
      code: 'T-GZ-01',
      name: '测试线路',
      employeeId: zhaolei.id,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      outletIds: [outlets[0].id, outlets[1].id],
    });
    expect(route.body).toMatchObject({ success: true });
    const routeId = route.body.result.id;
    const wrongOrder = await context.client.put(
      `/eVisit/route/reorder`,
      { id: routeId, outletIds: [outlets[1].id, outlets[2].id] },
      manager,
    );
    expect(wrongOrder.body).toMatchObject({ success: false, code: 409 });
    await context.client.put(
      `/eVisit/route/reorder`,
      { id: routeId, outletIds: [outlets[1].id, outlets[0].id] },
      manager,
    );
    const read = await context.client.get<{ outlets: Array<{ customerId: string; seq: number }> }>(
      `/eVisit/route/queryById?id=${routeId}`,
      rep,
    );
    expect(read.body.result.outlets.map((each) => each.customerId)).toEqual([outlets[1].id, outlets[0].id]);

    const generated = await post<{ created: number }>(manager, '/eVisit/plan/generate', {
      from: today,
      to: today,
      routeIds: [routeId],
    });
    expect(generated.body.result.created).toBe(1);
    const again = await post<{ created: number }>(manager, '/eVisit/plan/generate', {
      from: today,
      to: today,
      routeIds: [routeId],
    });
    expect(again.body.result.created).toBe(0);

    const visit = await checkIn(outlets[1], 20);
    expect(visit.body.result.visitType).toBe('PLANNED');
    const plans = await context.client.get<{
      records: Array<{ id: string; status: string; visitedCount: number; plannedCount: number }>;
    }>(`/eVisit/plan/list?routeId=${routeId}`, manager);
    expect(plans.body.result.records).toEqual([
      expect.objectContaining({ status: 'IN_PROGRESS', visitedCount: 1, plannedCount: 2 }),
    ]);

    // Forgotten: still checked in when the day is closed.
    const closed = await closeVisitDays(db(), addDays(today, 1));
    expect(closed.autoClosed).toBeGreaterThanOrEqual(1);
    const after = await context.client.get<Visit>(
      `/eVisit/record/queryById?id=${visit.body.result.id}`,
      manager,
    );
    expect(after.body.result).toMatchObject({
      status: 'AUTO_CLOSED',
      abnormalFlags: ['NO_CHECKOUT'],
      isValid: false,
    });
    const settled = await context.client.get<{ records: Array<{ status: string }> }>(
      `/eVisit/plan/list?routeId=${routeId}`,
      manager,
    );
    expect(settled.body.result.records[0].status).toBe('PARTIAL');
    expect((await closeVisitDays(db(), addDays(today, 1))).autoClosed).toBe(0);
    const customer = await context.client.get<{ lastVisitTime: string }>(
      `/eCustomer/queryById?id=${outlets[1].id}`,
      admin,
    );
    expect(customer.body.result.lastVisitTime?.slice(0, 10)).toBe(today);
  });

  it('submits a temporary plan, confirms it once, and copies last week one week on once', async () => {
    const zhaolei = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'zhaolei')
      .executeTakeFirstOrThrow();
    // A Monday at least three weeks ahead: no demo plan is that far.
    const monday = addDays(today, 21 + ((8 - weekdayOf(today)) % 7));
    const temp = await post<{ id: string }>(manager, '/eVisit/plan/addTemp', {
      employeeId: zhaolei.id,
      planDate: addDays(monday, -5),
      outletIds: [outlets[2].id, outlets[3].id],
      purpose: '陈列检核',
      plannedTimes: { [outlets[2].id]: '09:30' },
    });
    expect(temp.body).toMatchObject({ success: true });
    const timed = await context.client.get<{
      items: Array<{ customerId: string; plannedTime: string | null }>;
    }>(`/eVisit/plan/queryById?id=${temp.body.result.id}`, manager);
    expect(timed.body.result.items.map((item) => [item.customerId, item.plannedTime])).toEqual([
      [outlets[2].id, '09:30'],
      [outlets[3].id, null],
    ]);
    for (const [plannedTimes, code] of [
      [{ [outlets[2].id]: '24:00' }, 400],
      [{ [outlets[1].id]: '10:00' }, 400],
    ] as const) {
      const refused = await post(manager, '/eVisit/plan/addTemp', {
        employeeId: zhaolei.id,
        planDate: addDays(monday, -4),
        outletIds: [outlets[2].id],
        plannedTimes,
      });
      expect(refused.body).toMatchObject({ success: false, code });
    }
    const outside = await post(manager, '/eVisit/plan/addTemp', {
      employeeId: zhaolei.id,
      planDate: monday,
      outletIds: ['0'.repeat(32)],
    });
    expect(outside.body).toMatchObject({ success: false, code: 400 });
    const confirmed = await context.client.put(
      '/eVisit/plan/decide',
      { id: temp.body.result.id, approve: true },
      manager,
    );
    expect(confirmed.body).toMatchObject({ success: true });
    const twice = await context.client.put(
      '/eVisit/plan/decide',
      { id: temp.body.result.id, approve: false },
      manager,
    );
    expect(twice.body).toMatchObject({
      success: false,
      code: 409,
      message: '当前状态为「已确认」，不能退回',
    });
    const copied = await post<{ created: number }>(manager, '/eVisit/plan/copyLastWeek', {
      weekStart: monday,
    });
    expect(copied.body.result.created).toBe(1);
    expect(
      (await post<{ created: number }>(manager, '/eVisit/plan/copyLastWeek', { weekStart: monday })).body
        .result.created,
    ).toBe(0);
    const notMonday = await post(manager, '/eVisit/plan/copyLastWeek', { weekStart: addDays(monday, 1) });
    expect(notMonday.body).toMatchObject({ success: false, message: '请选择一周的周一' });
    const copy = await context.client.get<{
      records: Array<{ status: string; plannedCount: number; planType: string }>;
    }>(`/eVisit/plan/list?planDate=${addDays(monday, 2)}&employeeId=${zhaolei.id}`, manager);
    expect(copy.body.result.records).toEqual([
      expect.objectContaining({ status: 'SUBMITTED', plannedCount: 2, planType: 'TEMP' }),
    ]);
    const copiedPlan = await context.client.get<{ items: Array<{ plannedTime: string | null }> }>(
      `/eVisit/plan/queryById?id=${(copy.body.result.records[0] as unknown as { id: string }).id}`,
      manager,
    );
    expect(copiedPlan.body.result.items.map((item) => item.plannedTime)).toEqual(['09:30', null]);
  });

  it('lists visits by the filters of 拜访记录 and exports them', async () => {
    const flagged = await context.client.get<{
      records: Array<{ abnormalFlags: string[]; employeeName: string }>;
      total: number;
    }>(`/eVisit/record/list?abnormalFlag=OUT_OF_RANGE&visitDate_begin=${today}&pageSize=100`, manager);
    expect(flagged.body.result.total).toBeGreaterThanOrEqual(1);
    expect(flagged.body.result.records.every((each) => each.abnormalFlags.includes('OUT_OF_RANGE'))).toBe(
      true,
    );
    const invalid = await context.client.get<{ records: Array<{ isValid: boolean }> }>(
      `/eVisit/record/list?isValid=false&pageSize=50`,
      manager,
    );
    expect(invalid.body.result.records.every((each) => !each.isValid)).toBe(true);
    const bad = await context.client.get(`/eVisit/record/list?abnormalFlag=WHATEVER`, manager);
    expect(bad.body).toMatchObject({ success: false, code: 400 });
    const response = await fetch(
      `${context.server.baseUrl}/api/eVisit/record/exportXls?visitDate_begin=${today}`,
      {
        headers: { 'x-access-token': manager },
      },
    );
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('offers the employees of the caller’s scope as 拜访记录’s 人员, by name or by the id chosen', async () => {
    type Option = { id: string; realname: string; username: string };
    const options = (token: string, query: string) =>
      context.client.get<Option[]>(`/eVisit/record/employeeOptions?${query}`, token);
    const found = await options(manager, `keyword=${encodeURIComponent('赵')}`);
    const rep = found.body.result.find((each) => each.username === 'zhaolei');
    expect(rep).toMatchObject({ realname: '赵磊' });
    expect(
      found.body.result.every((each) => each.realname.includes('赵') || each.username.includes('赵')),
    ).toBe(true);
    const chosen = await options(manager, `id=${rep!.id}`);
    expect(chosen.body.result).toEqual([rep]);
    // Another tenant finds nobody of this one.
    expect((await options(await context.tokenOf('t2admin'), `id=${rep!.id}`)).body.result).toEqual([]);
    expect((await options(manager, `keyword=${'x'.repeat(40)}`)).body).toMatchObject({
      success: false,
      code: 400,
    });
  });

  it('counts a day and a month of visits per rep and per department in 拜访日报 / 月报', async () => {
    // A day of the past nobody visited: a confirmed plan of 4 outlets with 2 visited, three visits of that day
    // (valid with an order; out of range; auto-closed without check-out) and one later in the month.
    const rep = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'zhaolei')
      .executeTakeFirstOrThrow();
    const visit = (no: number, at: string, extra: Record<string, unknown>) => ({
      id: `vreport${no}`,
      tenant_id: 'A01',
      created_by: rep.id,
      visit_no: `VSREPORT${no}`,
      client_id: `report-${no}`,
      employee_id: rep.id,
      customer_id: outlets[no % outlets.length].id,
      org_code: 'A01A02A01',
      visit_type: 'PLANNED' as const,
      check_in_at: new Date(at),
      check_in_lng: '113.3',
      check_in_lat: '23.1',
      check_in_accuracy_m: 10,
      check_in_distance_m: 30,
      check_in_in_range: true,
      rule_snapshot: JSON.stringify({}),
      abnormal_flags: JSON.stringify([]),
      is_valid: true,
      status: 'COMPLETED' as const,
      ...extra,
    });
    await db()
      .insertInto('visit_records')
      .values([
        visit(1, '2020-03-02T02:00:00Z', { duration_sec: 600, order_amount: '100.50' }),
        visit(2, '2020-03-02T03:00:00Z', {
          duration_sec: 1200,
          check_in_distance_m: 480,
          check_in_in_range: false,
          is_valid: false,
          abnormal_flags: JSON.stringify(['OUT_OF_RANGE']),
        }),
        visit(3, '2020-03-02T08:00:00Z', {
          visit_type: 'UNPLANNED',
          status: 'AUTO_CLOSED',
          is_valid: false,
          abnormal_flags: JSON.stringify(['NO_CHECKOUT']),
        }),
        visit(4, '2020-03-20T02:00:00Z', { duration_sec: 300, order_amount: '20' }),
      ])
      .execute();
    await db()
      .insertInto('visit_plans')
      .values({
        id: 'vreportplan',
        tenant_id: 'A01',
        created_by: rep.id,
        plan_no: 'VPREPORT1',
        employee_id: rep.id,
        org_code: 'A01A02A01',
        plan_date: '2020-03-02',
        plan_type: 'TEMP',
        planned_count: 4,
        visited_count: 2,
        status: 'PARTIAL',
      })
      .execute();
    type Report = {
      records: Array<Record<string, unknown>>;
      total: number;
      summary: Record<string, unknown>;
    };
    const daily = await context.client.get<Report>('/esaleanalysis/dmsdailyreport?date=2020-03-02', manager);
    const day = {
      plannedCount: 4,
      plannedVisitedCount: 2,
      completionRate: 50,
      totalVisits: 3,
      validVisits: 1,
      abnormalVisits: 2,
      outOfRangeCount: 1,
      avgStayMinutes: 15,
      ordersCount: 1,
      orderAmount: '100.50',
      // No execution result that day (execution.test.ts counts them).
      executionCount: 0,
      executionPassRate: null,
      coinsEarned: 0,
    };
    expect(daily.body.result.records).toEqual([
      expect.objectContaining({ ...day, employeeId: rep.id, employeeName: '赵磊', dateBegin: '2020-03-02' }),
    ]);
    expect(daily.body.result.summary).toMatchObject(day);
    const monthly = await context.client.get<Report>(
      '/esaleanalysis/dmsmonthreport?month=2020-03&groupBy=org',
      manager,
    );
    expect(monthly.body.result.records).toEqual([
      expect.objectContaining({
        ...day,
        key: 'A01A02A01',
        employeeId: null,
        dateEnd: '2020-03-31',
        totalVisits: 4,
        validVisits: 2,
        avgStayMinutes: 11.7,
        ordersCount: 2,
        orderAmount: '120.50',
      }),
    ]);
    // The drill-down: the visit records of that rep and day.
    const drill = await context.client.get<{ total: number }>(
      `/eVisit/record/list?employeeId=${rep.id}&visitDate_begin=2020-03-02&visitDate_end=2020-03-02`,
      manager,
    );
    expect(drill.body.result.total).toBe(3);
    const elsewhere = await context.client.get<Report>(
      '/esaleanalysis/dmsdailyreport?date=2020-03-02&orgCode=A01A01*',
      manager,
    );
    expect(elsewhere.body.result.total).toBe(0);
    const t2 = await context.client.get<Report>(
      '/esaleanalysis/dmsmonthreport?month=2020-03',
      await context.tokenOf('t2admin'),
    );
    expect(t2.body.result.total).toBe(0);
    const bad = await context.client.get('/esaleanalysis/dmsmonthreport?month=2020-13', manager);
    expect(bad.body).toMatchObject({ success: false, code: 400 });
    const response = await fetch(
      `${context.server.baseUrl}/api/esaleanalysis/dmsdailyreport/exportXls?date=2020-03-02`,
      {
        headers: { 'x-access-token': manager },
      },
    );
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('keeps a stock check as one row per SKU and competitor observations as rows, shown on 拜访详情', async () => {
    const outlet = outlets[0];
    const visit = (await checkIn(outlet, 10)).body.result;
    const step = (stepType: string, data: Record<string, unknown>, photoIds: string[] = []) =>
      post<{ id: string; replayed: boolean }>(rep, '/eVisit/step', {
        visitId: visit.id,
        clientId: randomUUID(),
        stepType,
        data,
        photoIds,
      });
    const [a, b] = skus;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ lines: [] }, '库存盘点至少填写一个品项'],
      [{ skus: 3 }, '库存盘点至少填写一个品项'],
      [{ lines: [{ skuId: a.id, qtyCases: 2 }] }, '库存盘点第 1 行有库存，请填写最早生产日期'],
      [{ lines: [{ skuId: a.id, qtyCases: -1 }] }, '库存盘点第 1 行的数量应为 0 到 100000 的整数'],
      [{ lines: [{ skuId: a.id, qtyCases: 1.5 }] }, '库存盘点第 1 行的数量应为 0 到 100000 的整数'],
      [
        { lines: [{ skuId: a.id, qtyCases: 1, oldestProductionDate: '2026-02-30' }] },
        '库存盘点第 1 行的最早生产日期格式应为 YYYY-MM-DD',
      ],
      [
        { lines: [{ skuId: a.id, qtyCases: 1, oldestProductionDate: addDays(today, 1) }] },
        '库存盘点第 1 行的最早生产日期不能晚于今天',
      ],
      [
        {
          lines: [
            { skuId: a.id, qtyCases: 0 },
            { skuId: a.id, qtyCases: 0 },
          ],
        },
        '库存盘点第 2 行的品项重复',
      ],
      [{ lines: [{ skuId: 'no-such-sku', qtyCases: 0 }] }, '库存盘点的品项不存在'],
    ];
    for (const [data, message] of refusals)
      expect((await step('STOCK_CHECK', data)).body).toMatchObject({ success: false, code: 400, message });
    const oldest = addDays(today, -30);
    const counted = await step('STOCK_CHECK', {
      lines: [
        { skuId: a.id, qtyCases: 2, qtyUnits: 3, oldestProductionDate: oldest, suggestedOrderCases: 5 },
        { skuId: b.id, qtyCases: 0 },
      ],
    });
    expect(counted.body).toMatchObject({ success: true, result: { replayed: false } });
    // Counted again in the same visit: the later count of the SKU stands.
    expect(
      (await step('STOCK_CHECK', { lines: [{ skuId: b.id, qtyCases: 1, oldestProductionDate: today }] }))
        .body,
    ).toMatchObject({ success: true });
    expect((await step('COMPETITOR', { observations: [] })).body).toMatchObject({
      success: false,
      message: '竞品采集至少填写一个竞品',
    });
    expect(
      (
        await step('COMPETITOR', {
          observations: [{ competitorBrand: '竞品甲', skuName: '', retailPrice: 4 }],
        })
      ).body,
    ).toMatchObject({
      success: false,
      message: '第 1 个竞品请填写品牌和产品（品牌不超过 64 字，产品不超过 128 字）',
    });
    expect(
      (
        await step('COMPETITOR', {
          observations: [{ competitorBrand: '竞品甲', skuName: '柠檬茶', retailPrice: -1 }],
        })
      ).body,
    ).toMatchObject({ success: false, message: '第 1 个竞品的零售价应为不小于 0 的金额' });
    const shelf = await photo();
    const competitor = await step(
      'COMPETITOR',
      {
        observations: [
          {
            competitorBrand: ' 竞品甲 ',
            skuName: '柠檬茶 500ml',
            retailPrice: 4.5,
            facings: 6,
            hasFreezer: true,
            promoNote: '买二送一',
          },
          { competitorBrand: '竞品乙', skuName: '绿茶 500ml' },
        ],
      },
      [shelf],
    );
    expect(competitor.body).toMatchObject({ success: true });
    const steps = await db()
      .selectFrom('visit_step_results')
      .select('step_type')
      .where('visit_id', '=', visit.id)
      .execute();
    // Refused steps left nothing behind.
    expect(steps.map((each) => each.step_type).sort()).toEqual(['COMPETITOR', 'STOCK_CHECK', 'STOCK_CHECK']);
    await stayed(visit.id, 400);
    await checkOut(visit.id, outlet);

    const detail = await context.client.get<{
      stockChecks: Array<Record<string, unknown>>;
      competitors: Array<Record<string, unknown>>;
    }>(`/eVisit/record/queryById?id=${visit.id}`, manager);
    expect(detail.body.result.stockChecks).toEqual([
      expect.objectContaining({
        skuId: a.id,
        skuCode: a.sku_code,
        qtyCases: 2,
        qtyUnits: 3,
        baseQty: 2 * a.units_per_case + 3,
        oldestProductionDate: oldest,
        expiresOn: addDays(oldest, a.shelf_life_days),
        suggestedOrderCases: 5,
      }),
      expect.objectContaining({
        skuId: b.id,
        qtyCases: 1,
        qtyUnits: 0,
        baseQty: b.units_per_case,
        oldestProductionDate: today,
        freshness: 'FRESH',
        freshness_dictText: '新鲜',
      }),
    ]);
    expect(detail.body.result.competitors).toEqual([
      expect.objectContaining({
        competitorBrand: '竞品甲',
        skuName: '柠檬茶 500ml',
        retailPrice: '4.50',
        facings: 6,
        hasFreezer: true,
        promoNote: '买二送一',
        photoId: shelf,
      }),
      expect.objectContaining({
        competitorBrand: '竞品乙',
        retailPrice: null,
        facings: null,
        hasFreezer: null,
        photoId: null,
      }),
    ]);
  });

  it('seeds the demo’s stock checks and competitor observations as rows its 拜访详情 shows', async () => {
    const seeded = await db()
      .selectFrom('outlet_stock_checks')
      .innerJoin('visit_records', 'visit_records.id', 'outlet_stock_checks.visit_id')
      .select([
        'outlet_stock_checks.visit_id',
        sql<boolean>`bool_and(outlet_stock_checks.oldest_production_date is null or outlet_stock_checks.oldest_production_date <= (visit_records.check_in_at at time zone 'Asia/Shanghai')::date)`.as(
          'datesSeen',
        ),
        sql<number>`count(*)::integer`.as('count'),
      ])
      .where('visit_records.tenant_id', '=', 'A01')
      .groupBy('outlet_stock_checks.visit_id')
      .execute();
    expect(seeded.length).toBeGreaterThan(100);
    expect(seeded.every((row) => row.datesSeen)).toBe(true);
    const { competitors } = await db()
      .selectFrom('competitor_observations')
      .select(sql<number>`count(*)::integer`.as('competitors'))
      .where('tenant_id', '=', 'A01')
      .executeTakeFirstOrThrow();
    expect(competitors).toBeGreaterThan(20);
    const detail = await context.client.get<{ stockChecks: unknown[] }>(
      `/eVisit/record/queryById?id=${seeded[0].visit_id}`,
      admin,
    );
    expect(detail.body.result.stockChecks).toHaveLength(seeded[0].count);
  });

  it('flags DEVICE_CHANGED when the rep checks in from another device than the last one', async () => {
    const outlet = outlets[1];
    const visitWith = async (deviceId?: string) => {
      const visit = (await checkIn(outlet, 10, deviceId ? { deviceId } : {})).body.result;
      await stayed(visit.id, 400);
      return (await checkOut(visit.id, outlet)).body.result;
    };
    // The demo's visits were made from another phone.
    expect(await visitWith('phone-A')).toMatchObject({
      abnormalFlags: ['DEVICE_CHANGED'],
      isValid: true,
      abnormalReviewStatus: 'PENDING',
    });
    expect((await visitWith('phone-A')).abnormalFlags).toEqual([]);
    // A check-in naming no device is not compared, and phone-A stays the device compared with.
    expect((await visitWith()).abnormalFlags).toEqual([]);
    expect((await visitWith('phone-A')).abnormalFlags).toEqual([]);
    const changed = await visitWith('phone-B');
    expect(changed.abnormalFlags).toEqual(['DEVICE_CHANGED']);
    const listed = await context.client.get<{ records: Array<{ id: string }> }>(
      `/eVisit/record/list?abnormalFlag=DEVICE_CHANGED&pageSize=100`,
      manager,
    );
    expect(listed.body.result.records.map((each) => each.id)).toContain(changed.id);
  });

  it('takes the most specific 拜访步骤模板 into the visit, and refuses 签退 until its required steps are done', async () => {
    const outlet = outlets[2];
    const base = { orgCode: 'A01A02', steps: [{ stepType: 'COMPETITOR', required: true }] };
    const wide = await post<{ id: string }>(admin, '/eVisit/stepTemplate/add', { ...base, name: '华南步骤' });
    expect(wide.body).toMatchObject({ success: true });
    const narrowBody = {
      name: '广州同类门店步骤',
      orgCode: 'A01A02A01',
      channel: outlet.channel,
      outletType: outlet.outletType,
      steps: [
        { stepType: 'DOOR_PHOTO', required: true },
        { stepType: 'PRICE_CHECK', required: false },
      ],
    };
    const narrow = await post<{ id: string }>(admin, '/eVisit/stepTemplate/add', narrowBody);
    expect(narrow.body).toMatchObject({ success: true });
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ ...narrowBody, name: '重复' }, '该范围已有启用的拜访步骤模板'],
      [{ ...base, name: '空', steps: [] }, ''],
      [
        {
          ...base,
          name: '重',
          orgCode: 'A01A02A01',
          steps: [
            { stepType: 'POSM', required: false },
            { stepType: 'POSM', required: true },
          ],
        },
        '拜访步骤不能重复',
      ],
      [
        { ...base, name: '签', orgCode: 'A01A02A01', steps: [{ stepType: 'CHECK_OUT', required: true }] },
        '进店签到和离店签退是每次拜访都有的步骤，无需配置',
      ],
    ];
    for (const [body, message] of refusals) {
      const refused = await post(admin, '/eVisit/stepTemplate/add', body);
      expect(refused.body).toMatchObject({ success: false });
      if (message) expect(refused.body).toMatchObject({ message });
    }
    const listed = await context.client.get<{ records: Array<{ name: string; steps: unknown[] }> }>(
      '/eVisit/stepTemplate/list?orgCode=A01A02A01',
      manager,
    );
    expect(listed.body.result.records).toEqual([
      expect.objectContaining({
        name: '广州同类门店步骤',
        steps: [
          { stepType: 'DOOR_PHOTO', required: true, stepType_dictText: '门头照' },
          { stepType: 'PRICE_CHECK', required: false, stepType_dictText: '价格检查' },
        ],
      }),
    ]);

    const visit = (await checkIn(outlet, 10)).body.result as Visit & {
      rule: { steps: unknown[]; stepTemplateName: string };
    };
    expect(visit.rule).toMatchObject({ stepTemplateName: '广州同类门店步骤', steps: narrowBody.steps });
    await stayed(visit.id, 400);
    const early = await checkOut(visit.id, outlet);
    expect(early.body).toMatchObject({ success: false, code: 400, message: '请先完成必做步骤：门头照' });
    await post(rep, '/eVisit/step', {
      visitId: visit.id,
      clientId: randomUUID(),
      stepType: 'DOOR_PHOTO',
      photoIds: [await photo()],
    });
    expect((await checkOut(visit.id, outlet)).body.result).toMatchObject({ status: 'COMPLETED' });

    // The narrow one disabled: the wide one applies; both disabled: the default steps, none required.
    const disable = (id: string, body: Record<string, unknown>) =>
      context.client.put('/eVisit/stepTemplate/edit', { ...body, id, status: 'DISABLED' }, admin);
    expect((await disable(narrow.body.result.id, narrowBody)).body).toMatchObject({ success: true });
    const wider = (await checkIn(outlet, 10)).body.result as Visit & { rule: { stepTemplateName: string } };
    expect(wider.rule.stepTemplateName).toBe('华南步骤');
    await stayed(wider.id, 400);
    expect((await checkOut(wider.id, outlet)).body).toMatchObject({
      success: false,
      message: '请先完成必做步骤：竞品采集',
    });
    await disable(wide.body.result.id, { ...base, name: '华南步骤' });
    // The snapshot holds: the visit made under the wide template still needs its step.
    expect((await checkOut(wider.id, outlet)).body).toMatchObject({ success: false });
    await post(rep, '/eVisit/step', {
      visitId: wider.id,
      clientId: randomUUID(),
      stepType: 'COMPETITOR',
      data: { observations: [{ competitorBrand: '竞品丙', skuName: '苏打水' }] },
    });
    expect((await checkOut(wider.id, outlet)).body).toMatchObject({ success: true });
    const plain = (await checkIn(outlet, 10)).body.result as Visit & {
      rule: { steps: unknown[]; stepTemplateName: string | null };
    };
    expect(plain.rule).toMatchObject({ stepTemplateName: null, steps: DEFAULT_VISIT_STEPS });
    await stayed(plain.id, 400);
    expect((await checkOut(plain.id, outlet)).body).toMatchObject({ success: true });
  });

  it('shows another tenant nothing', async () => {
    const t2 = await context.tokenOf('t2admin');
    const list = await context.client.get<{ total: number }>('/eVisit/record/list', t2);
    const own = await db()
      .selectFrom('visit_records')
      .select(sql<number>`count(*)::integer`.as('count'))
      .where('tenant_id', '=', 'B01')
      .executeTakeFirstOrThrow();
    expect(list.body.result.total).toBe(own.count);
    const one = await db()
      .selectFrom('visit_records')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .executeTakeFirstOrThrow();
    const detail = await context.client.get(`/eVisit/record/queryById?id=${one.id}`, t2);
    expect(detail.body).toMatchObject({ success: false, code: 404 });
    const outlet = await post(t2, '/eVisit/checkIn', {
      clientId: randomUUID(),
      customerId: outlets[0].id,
      lng: 1,
      lat: 1,
      accuracyM: 1,
    });
    expect(outlet.body).toMatchObject({ success: false, code: 404 });
  });
});
