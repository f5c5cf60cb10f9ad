// 首页's 今日拜访 / 异常拜访 (GET /home/visits) and 拜访计划's week calendar (the plan list over a week, with its
// outlets) over real HTTP (issue #17). Visits and a plan of today are written for three people: 王芳 (a rep
// without a department: she sees only what she owns), 赵磊's office (广州) and Shanghai. Each caller's figures
// move by exactly what their data scope holds; the other tenant's do not move at all.
import { sql, type Kysely } from 'kysely';
import type { HomeVisits } from '../../common/home';
import type { AbnormalFlag } from '../../common/visits';
import { newId } from '../db/ids';
import type { DB } from '../db/schema';
import { demoUserId } from '../db/seed/ids';
import { addDays } from '../modules/stock/stockAge';
import { weekdayOf } from '../modules/visits/plans';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface PlanRow {
  id: string;
  planDate: string;
  employeeName: string;
  items?: Array<{
    customerName: string;
    status: string;
    visitRecordId: string | null;
    checkInAt: string | null;
  }>;
}

describe.each(testBackends())('home visits and the plan week (%s)', (backend) => {
  const context = useTestServer(backend, { businessData: true });
  let db: Kysely<DB>;
  let today: string;
  let sequence = 0;
  const written = { wangfang: '', shanghai: '', shanghaiPlan: '', wangfangPlan: '' };
  const before: Record<string, HomeVisits> = {};

  const visits = async (username: string) => {
    const answer = await context.client.get<HomeVisits>('/home/visits', await context.tokenOf(username));
    expect(answer.status).toBe(200);
    return answer.body.result;
  };

  async function outletOf(orgCode: string) {
    return db
      .selectFrom('customers')
      .select(['id', 'name', 'lng', 'lat'])
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', orgCode)
      .where('lng', 'is not', null)
      .orderBy('customer_code')
      .executeTakeFirstOrThrow();
  }

  /** A visit checked in a minute ago (the latest of today), out of range when flagged. */
  async function insertVisit(employee: string, orgCode: string, flags: AbnormalFlag[]) {
    const outlet = await outletOf(orgCode);
    const id = newId();
    sequence += 1;
    await db
      .insertInto('visit_records')
      .values({
        id,
        tenant_id: 'A01',
        created_by: demoUserId(employee),
        visit_no: `VSTEST${String(sequence).padStart(6, '0')}`,
        client_id: `home-visits-${id}`,
        employee_id: demoUserId(employee),
        customer_id: outlet.id,
        org_code: orgCode,
        plan_item_id: null,
        visit_type: 'UNPLANNED',
        check_in_at: sql<Date>`now() - interval '1 minute'` as never,
        check_in_lng: String(outlet.lng),
        check_in_lat: String(outlet.lat),
        check_in_accuracy_m: 10,
        check_in_distance_m: flags.length ? 480 : 20,
        check_in_in_range: flags.length === 0,
        rule_snapshot: JSON.stringify({}),
        is_valid: flags.length === 0,
        abnormal_flags: JSON.stringify(flags),
        abnormal_review_status: flags.length ? 'PENDING' : null,
        status: 'CHECKED_IN',
      })
      .execute();
    return { id, outlet };
  }

  /** A confirmed plan of today with two outlets, the first visited by `visitId`. */
  async function insertPlan(
    employee: string,
    orgCode: string,
    visit: { id: string; outlet: { id: string } },
  ) {
    const id = newId();
    sequence += 1;
    const other = await db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', orgCode)
      .where('id', '<>', visit.outlet.id)
      .orderBy('customer_code')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('visit_plans')
      .values({
        id,
        tenant_id: 'A01',
        created_by: demoUserId(employee),
        plan_no: `VPTEST${String(sequence).padStart(6, '0')}`,
        employee_id: demoUserId(employee),
        org_code: orgCode,
        plan_date: today,
        plan_type: 'TEMP',
        route_id: null,
        planned_count: 2,
        visited_count: 1,
        status: 'IN_PROGRESS',
      })
      .execute();
    await db
      .insertInto('visit_plan_items')
      .values([
        {
          id: newId(),
          tenant_id: 'A01',
          plan_id: id,
          customer_id: visit.outlet.id,
          seq: 1,
          purpose: '巡店',
          status: 'VISITED',
          visit_record_id: visit.id,
        },
        { id: newId(), tenant_id: 'A01', plan_id: id, customer_id: other.id, seq: 2, purpose: '巡店' },
      ])
      .execute();
    return id;
  }

  beforeAll(async () => {
    db = context.database.db;
    today = (
      await sql<{
        day: string;
      }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day`.execute(db)
    ).rows[0].day;
    for (const username of ['wangfang', 'zhaolei', 'admin', 't2admin'])
      before[username] = await visits(username);
    const own = await insertVisit('wangfang', 'A01A02A01', ['OUT_OF_RANGE']);
    const shanghai = await insertVisit('zhangwei', 'A01A01A01', []);
    written.wangfang = own.id;
    written.shanghai = shanghai.id;
    written.wangfangPlan = await insertPlan('wangfang', 'A01A02A01', own);
    written.shanghaiPlan = await insertPlan('zhangwei', 'A01A01A01', shanghai);
  });

  const moved = (after: HomeVisits, base: HomeVisits) => ({
    plannedOutlets: after.plannedOutlets - base.plannedOutlets,
    visitedOutlets: after.visitedOutlets - base.visitedOutlets,
    visits: after.visits - base.visits,
    validVisits: after.validVisits - base.validVisits,
    abnormalVisits: after.abnormalVisits - base.abnormalVisits,
    pendingReview: after.pendingReview - base.pendingReview,
  });

  it('shows a rep without a department only her own visit of today, abnormal and awaiting review', async () => {
    const after = await visits('wangfang');
    expect(after.day).toBe(today);
    expect(moved(after, before.wangfang)).toEqual({
      plannedOutlets: 2,
      visitedOutlets: 1,
      visits: 1,
      validVisits: 0,
      abnormalVisits: 1,
      pendingReview: 1,
    });
    expect(after.latest[0]).toMatchObject({
      id: written.wangfang,
      employeeName: '王芳',
      status_dictText: '已签到',
      isValid: false,
      abnormalFlags: ['OUT_OF_RANGE'],
    });
    expect(after.abnormal[0].id).toBe(written.wangfang);
    const ids = [...after.latest, ...after.abnormal].map((row) => row.id);
    expect(ids).not.toContain(written.shanghai);
    expect(after.latest.every((row) => row.employeeName === '王芳')).toBe(true);
  });

  it("shows 赵磊 his office's visits (王芳's, in 广州) and not Shanghai's", async () => {
    const after = await visits('zhaolei');
    expect(moved(after, before.zhaolei)).toMatchObject({ plannedOutlets: 2, visits: 1, abnormalVisits: 1 });
    const ids = [...after.latest, ...after.abnormal].map((row) => row.id);
    expect(ids).toContain(written.wangfang);
    expect(ids).not.toContain(written.shanghai);
  });

  it('shows the administrator both, and the other tenant neither', async () => {
    const admin = await visits('admin');
    expect(moved(admin, before.admin)).toEqual({
      plannedOutlets: 4,
      visitedOutlets: 2,
      visits: 2,
      validVisits: 1,
      abnormalVisits: 1,
      pendingReview: 1,
    });
    expect(admin.latest.map((row) => row.id)).toEqual(
      expect.arrayContaining([written.wangfang, written.shanghai]),
    );
    expect(admin.abnormal.map((row) => row.id)).not.toContain(written.shanghai);
    const other = await visits('t2admin');
    expect(moved(other, before.t2admin)).toEqual({
      plannedOutlets: 0,
      visitedOutlets: 0,
      visits: 0,
      validVisits: 0,
      abnormalVisits: 0,
      pendingReview: 0,
    });
    expect([...other.latest, ...other.abnormal].map((row) => row.id)).not.toContain(written.wangfang);
  });

  it('refuses a caller without a token or without visit:list', async () => {
    expect((await context.client.get('/home/visits')).status).toBe(401);
    const refused = await context.client.get('/home/visits', await context.tokenOf('mes_zg'));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it("links 异常拜访 to the visit list: abnormal=true lists today's flagged visits only", async () => {
    const token = await context.tokenOf('admin');
    const { body } = await context.client.get<{ records: Array<{ id: string; abnormalFlags: string[] }> }>(
      `/eVisit/record/list?visitDate_begin=${today}&visitDate_end=${today}&abnormal=true&pageSize=200`,
      token,
    );
    const ids = body.result.records.map((row) => row.id);
    expect(ids).toContain(written.wangfang);
    expect(ids).not.toContain(written.shanghai);
    expect(body.result.records.every((row) => row.abnormalFlags.length > 0)).toBe(true);
    const bad = await context.client.get('/eVisit/record/list?abnormal=maybe', token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('参数 abnormal 应为 true 或 false');
  });

  it("lists one week's plans with their outlets for the calendar, within the caller's scope", async () => {
    const monday = addDays(today, 1 - weekdayOf(today));
    const week = `planDate_begin=${monday}&planDate_end=${addDays(monday, 6)}&pageSize=200&withItems=true`;
    const mine = await context.client.get<{ records: PlanRow[] }>(
      `/eVisit/plan/list?${week}`,
      await context.tokenOf('wangfang'),
    );
    expect(mine.status).toBe(200);
    expect(mine.body.result.records.map((plan) => plan.id)).toEqual([written.wangfangPlan]);
    const [plan] = mine.body.result.records;
    expect(plan.planDate).toBe(today);
    expect(plan.items).toEqual([
      expect.objectContaining({
        status: 'VISITED',
        visitRecordId: written.wangfang,
        checkInAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      }),
      expect.objectContaining({ status: 'PENDING', visitRecordId: null, checkInAt: null }),
    ]);

    const office = await context.client.get<{ records: PlanRow[] }>(
      `/eVisit/plan/list?${week}`,
      await context.tokenOf('zhaolei'),
    );
    const officeIds = office.body.result.records.map((row) => row.id);
    expect(officeIds).toContain(written.wangfangPlan);
    expect(officeIds).not.toContain(written.shanghaiPlan);
    expect(
      office.body.result.records.every((row) => row.planDate >= monday && row.planDate <= addDays(monday, 6)),
    ).toBe(true);

    const withoutItems = await context.client.get<{ records: PlanRow[] }>(
      `/eVisit/plan/list?planDate_begin=${today}&planDate_end=${today}`,
      await context.tokenOf('wangfang'),
    );
    expect(withoutItems.body.result.records[0].items).toBeUndefined();
    const other = await context.client.get<{ records: PlanRow[] }>(
      `/eVisit/plan/list?${week}`,
      await context.tokenOf('t2admin'),
    );
    expect(other.body.result.records.map((row) => row.id)).not.toContain(written.wangfangPlan);
    const bad = await context.client.get('/eVisit/plan/list?withItems=yes', await context.tokenOf('admin'));
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toBe('参数 withItems 应为 true 或 false');
  });
});
