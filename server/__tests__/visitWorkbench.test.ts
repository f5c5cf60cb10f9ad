// The rep's mobile workbench over real HTTP (issue #17): today's plan with each outlet's rule, the open visit
// with its steps, 我的; and what an offline queue relies on — a photo upload, a check-in and a step sent twice
// (one after the other, and both at once) make one record, so a replayed queue never flags DUP_PHOTO.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface Today {
  date: string;
  repName: string;
  outlets: Array<{
    customerId: string;
    seq: number;
    lng: number | null;
    rule: { checkInRadiusM: number };
    executionTemplateId: string | null;
  }>;
  executionTemplates: Array<{ id: string; code: string; items: Array<{ code: string; inputType: string }> }>;
  openVisit: null | { id: string; customerId: string; steps: Array<{ stepType: string; clientId: string }> };
  skus: Array<{ id: string; skuCode: string; name: string }>;
}

const noise = () =>
  sharp(randomBytes(48 * 32 * 3), { raw: { width: 48, height: 32, channels: 3 } })
    .jpeg()
    .toBuffer();

describe.each(testBackends())('visit workbench on %s', (backend) => {
  const context = useTestServer(backend, { businessData: true });
  const db = () => context.database.db;
  let rep: string;
  let manager: string;
  let outlet: { id: string; lng: number; lat: number };

  const upload = async (content: Buffer, clientId?: string) => {
    const form = new FormData();
    form.append('bizType', 'VISIT');
    form.append('kind', 'DOOR');
    if (clientId) form.append('clientId', clientId);
    form.append('file', new Blob([new Uint8Array(content)]), '门头.jpg');
    const response = await fetch(`${context.server.baseUrl}/api/sys/attachment/upload`, {
      method: 'POST',
      headers: { 'x-access-token': rep },
      body: form,
    });
    return (await response.json()) as {
      success: boolean;
      message: string;
      result: { id: string; duplicateOf: unknown };
    };
  };

  beforeAll(async () => {
    [rep, manager] = await Promise.all(['zhaolei', 'zhangwei'].map((name) => context.tokenOf(name)));
    await db()
      .updateTable('visit_records')
      .set({ status: 'COMPLETED', check_out_at: sql`now()` })
      .where('status', '=', 'CHECKED_IN')
      .execute();
    const row = await db()
      .selectFrom('customers')
      .select(['id', 'lng', 'lat'])
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', 'A01A02A01')
      .where('lng', 'is not', null)
      .orderBy('customer_code', 'desc')
      .executeTakeFirstOrThrow();
    outlet = { id: row.id, lng: Number(row.lng), lat: Number(row.lat) };
  });

  it('shows today’s plan in route order with each outlet’s rule, and the SKUs to count', async () => {
    const { body } = await context.client.get<Today>('/eVisit/workbench/today', rep);
    expect(body.success).toBe(true);
    const day = await sql<{
      d: string;
    }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as d`.execute(db());
    expect(body.result).toMatchObject({ date: day.rows[0].d, repName: '赵磊', openVisit: null });
    expect(body.result.skus.length).toBeGreaterThan(0);
    const planned = await db()
      .selectFrom('visit_plan_items')
      .innerJoin('visit_plans', 'visit_plans.id', 'visit_plan_items.plan_id')
      .innerJoin('users', 'users.id', 'visit_plans.employee_id')
      .select(sql<number>`count(*)::integer`.as('count'))
      .where('users.username', '=', 'zhaolei')
      .where('visit_plans.plan_date', '=', day.rows[0].d)
      .where('visit_plans.status', 'in', ['APPROVED', 'IN_PROGRESS'])
      .executeTakeFirstOrThrow();
    expect(body.result.outlets).toHaveLength(planned.count);
    for (const each of body.result.outlets) expect(each.rule.checkInRadiusM).toBeGreaterThan(0);
    // Each outlet's 陈列检查 is scored by the active template (the demo's one applies to every outlet), sent once.
    expect(body.result.executionTemplates).toEqual(
      body.result.outlets.length === 0
        ? []
        : [
            expect.objectContaining({
              code: 'EXE-STD',
              items: expect.arrayContaining([
                expect.objectContaining({ code: 'FREEZER', inputType: 'PHOTO_AI' }),
              ]),
            }),
          ],
    );
    for (const each of body.result.outlets)
      expect(each.executionTemplateId).toBe(body.result.executionTemplates[0].id);
    const seqs = body.result.outlets.map((each) => each.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('makes one attachment, one visit and one step of a queue replayed twice, without flagging the photo', async () => {
    const bytes = await noise();
    const clientId = randomUUID();
    const first = await upload(bytes, clientId);
    const again = await upload(bytes, clientId);
    expect(first.success).toBe(true);
    expect(again.result.id).toBe(first.result.id);
    // Both at once: the unique key decides, both answer the same attachment.
    const racedId = randomUUID();
    const other = await noise();
    const raced = await Promise.all([upload(other, racedId), upload(other, racedId)]);
    expect(raced[1].result.id).toBe(raced[0].result.id);
    const { count } = await db()
      .selectFrom('attachments')
      .select(sql<number>`count(*)::integer`.as('count'))
      .where('client_id', 'in', [clientId, racedId])
      .executeTakeFirstOrThrow();
    expect(count).toBe(2);
    expect((await upload(bytes, 'bad id!')).message).toBe('上传请求编号格式不正确');

    const checkIn = {
      clientId: randomUUID(),
      customerId: outlet.id,
      lng: outlet.lng,
      lat: outlet.lat,
      accuracyM: 12,
    };
    const visits = await Promise.all([
      context.client.post<{ id: string }>('/eVisit/checkIn', checkIn, rep),
      context.client.post<{ id: string }>('/eVisit/checkIn', checkIn, rep),
    ]);
    const visitId = visits[0].body.result.id;
    expect(visits[1].body.result.id).toBe(visitId);
    const step = { visitId, clientId: randomUUID(), stepType: 'DOOR_PHOTO', photoIds: [first.result.id] };
    const steps = await Promise.all([
      context.client.post<{ id: string }>('/eVisit/step', step, rep),
      context.client.post<{ id: string }>('/eVisit/step', step, rep),
    ]);
    expect(steps.every((each) => each.body.success)).toBe(true);
    expect(new Set(steps.map((each) => each.body.result.id)).size).toBe(1);

    const today = await context.client.get<Today>('/eVisit/workbench/today', rep);
    expect(today.body.result.openVisit).toMatchObject({
      id: visitId,
      customerId: outlet.id,
      steps: [{ stepType: 'DOOR_PHOTO', clientId: step.clientId }],
    });
    const visit = await db()
      .selectFrom('visit_records')
      .select(['abnormal_flags'])
      .where('id', '=', visitId)
      .executeTakeFirstOrThrow();
    expect(visit.abnormal_flags).toEqual([]);

    // An order step names an order of the rep for this outlet; anything else is refused.
    const order = await context.client.post(
      '/eVisit/step',
      { visitId, clientId: randomUUID(), stepType: 'ORDER', data: { orderId: 'nope' } },
      rep,
    );
    expect(order.body).toMatchObject({
      success: false,
      message: '订单不存在、不是本门店的订单或已计入其他拜访',
    });

    await db()
      .updateTable('visit_records')
      .set({ check_in_at: sql`now() - interval '10 minutes'` })
      .where('id', '=', visitId)
      .execute();
    const out = await context.client.post<{ durationSec: number; abnormalFlags: string[] }>(
      '/eVisit/checkOut',
      { visitId, lng: outlet.lng, lat: outlet.lat, accuracyM: 10 },
      rep,
    );
    expect(out.body.result.abnormalFlags).toEqual([]);
    expect(out.body.result.durationSec).toBeGreaterThanOrEqual(600);

    const mine = await context.client.get<{
      totalVisits: number;
      visits: Array<{ id: string; status: string }>;
    }>('/eVisit/workbench/mine', rep);
    expect(mine.body.result.visits[0]).toMatchObject({ id: visitId, status: 'COMPLETED' });
    expect(mine.body.result.totalVisits).toBeGreaterThanOrEqual(1);
    expect((await context.client.get('/eVisit/workbench/mine?month=2026-13', rep)).body).toMatchObject({
      success: false,
      message: '月份格式应为 YYYY-MM',
    });
    // 拜访详情's map: the rep's fixes of the day, this visit's check-in and check-out among them, in time order.
    const detail = await context.client.get<{
      trajectory: Array<{ visitId: string; kind: string; at: string; lng: number }>;
    }>(`/eVisit/record/queryById?id=${visitId}`, manager);
    const own = detail.body.result.trajectory.filter((point) => point.visitId === visitId);
    expect(own.map((point) => point.kind)).toEqual(['CHECK_IN', 'CHECK_OUT']);
    expect(own[0].lng).toBeCloseTo(outlet.lng, 6);
    const times = detail.body.result.trajectory.map((point) => point.at);
    expect(times).toEqual([...times].sort());
    expect((await context.client.get('/eVisit/mapConfig', manager)).body.result).toEqual({ tileUrl: null });
    // Another user's workbench shows none of it.
    const theirs = await context.client.get<Today>('/eVisit/workbench/today', manager);
    expect(theirs.body.result.openVisit).toBeNull();
  });
});
