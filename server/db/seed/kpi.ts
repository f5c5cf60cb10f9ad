// 销售报表 demo (issue #21): this year's month targets of 销售额, 销量(箱) and 拜访家次 for every department, the
// field users and the dealers of A01 — about 10 % above what the demo actually did in the last three months,
// with a summer peak — locked up to this month and published after it; then this month's achievement snapshot
// and the dealer reports of yesterday and this month, so every 销售报表 screen opens filled.
import { addDays, monthsOf, type KpiIndicatorCode, type KpiSubjectType } from '../../../common/kpi';
import { newId } from '../ids';
import { shanghaiToday } from '../../modules/home/periods';
import { snapshotPeriod } from '../../modules/kpi/achievements';
import { rebuildDealerDaily, rebuildDealerMonthly } from '../../modules/kpi/dealerReports';
import { indicatorActuals, orgFigure, valueOf } from '../../modules/kpi/indicators';
import { subjectsOf } from '../../modules/kpi/subjects';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

const INDICATORS: KpiIndicatorCode[] = ['SALES_AMOUNT', 'SALES_CASES', 'VISITS'];
/** Drinks sell more in summer: the share of a month against an average month. */
const SEASON = [0.8, 0.75, 0.9, 0.95, 1.05, 1.2, 1.3, 1.3, 1.1, 1.0, 0.85, 0.8];
const GROWTH = 1.1;

export const seedKpi: SeedStep = async (trx) => {
  const tenantId = 'A01';
  const now = new Date();
  const today = shanghaiToday(now);
  const year = Number(today.slice(0, 4));
  const thisMonth = today.slice(0, 7);
  const admin = demoUserId('admin');
  const from = addDays(today, -90);
  const end = addDays(today, 1);
  const rows = [];
  for (const code of INDICATORS) {
    const actuals = await indicatorActuals(trx, tenantId, code, from, end);
    if (!actuals) continue;
    for (const type of ['ORG', 'EMPLOYEE', 'DEALER'] as KpiSubjectType[]) {
      for (const subject of await subjectsOf(trx, tenantId, type)) {
        const figure =
          type === 'ORG'
            ? orgFigure(actuals, subject.id)
            : (type === 'EMPLOYEE' ? actuals.employee : actuals.dealer).get(subject.id);
        const monthly = ((valueOf(code, figure) ?? 0) / 3) * GROWTH;
        if (monthly <= 0) continue;
        for (const [index, month] of monthsOf(year).entries()) {
          const value =
            code === 'SALES_AMOUNT'
              ? Math.round((monthly * SEASON[index]) / 100) * 100
              : Math.round(monthly * SEASON[index]);
          if (value <= 0) continue;
          rows.push({
            id: newId(),
            tenant_id: tenantId,
            period_type: 'MONTH' as const,
            period: month,
            subject_type: type,
            subject_id: subject.id,
            org_code: subject.orgCode,
            indicator_code: code,
            target_value: value,
            status: month <= thisMonth ? ('LOCKED' as const) : ('PUBLISHED' as const),
            assigned_by: admin,
            created_by: admin,
            updated_by: admin,
          });
        }
      }
    }
  }
  for (let index = 0; index < rows.length; index += 500)
    await trx
      .insertInto('kpi_targets')
      .values(rows.slice(index, index + 500))
      .execute();
  await snapshotPeriod(trx, tenantId, thisMonth, now);
  await rebuildDealerMonthly(trx, tenantId, thisMonth);
  await rebuildDealerDaily(trx, tenantId, addDays(today, -1));
};
