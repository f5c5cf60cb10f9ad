// 目标设置's Excel: the grid as a workbook (编码, 名称, 1月 … 12月, 全年) and its import, through the shared
// exceljs reader (all rows or none) and 导入记录; the same save as the grid, so a locked target refuses.
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { KPI_INDICATOR, KPI_SUBJECT_TYPE, monthsOf, type KpiTargetCell } from '../../../common/kpi';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { defineImport, queueImport } from '../jobs/imports';
import type { Actor, Caller } from '../shared/actor';
import {
  parseDecimal,
  readImportSheet,
  reportError,
  sendTemplate,
  sendWorkbook,
  type ImportColumn,
  type ImportReport,
} from '../shared/excel';
import { dataScopeOf } from '../shared/dataScope';
import { subjectsOf, visibleSubjects } from './subjects';
import { saveTargetCells, targetGrid, type GridQuery } from './targets';

type TargetColumn = 'code' | 'name' | `m${number}` | 'year';

const MONTH_KEYS = Array.from({ length: 12 }, (_, index) => `m${index + 1}` as const);

const importColumns = (): ImportColumn<TargetColumn>[] => [
  { key: 'code', header: '编码', required: true },
  { key: 'name', header: '名称' },
  ...MONTH_KEYS.map((key, index) => ({ key, header: `${index + 1}月`, parse: parseDecimal(0, 1e12) })),
  { key: 'year', header: '全年', parse: parseDecimal(0, 1e12) },
];

const titleOf = (query: GridQuery) =>
  `${query.year}年${KPI_SUBJECT_TYPE[query.subjectType]}目标-${KPI_INDICATOR[query.indicatorCode]}`;

export async function targetWorkbook(db: Kysely<DB>, caller: Caller, query: GridQuery, reply: FastifyReply) {
  const grid = await targetGrid(db, caller, query);
  const subjects = new Map((await subjectsOf(db, caller.tenantId, query.subjectType)).map((s) => [s.id, s]));
  const months = monthsOf(query.year);
  type Row = (typeof grid.rows)[number];
  async function* one() {
    yield grid.rows;
  }
  return sendWorkbook(
    reply,
    titleOf(query),
    [
      { header: '编码', value: (row: Row) => subjects.get(row.subjectId)?.code ?? row.subjectId },
      { header: '名称', width: 20, value: (row: Row) => row.subjectName },
      ...months.map((month, index) => ({
        header: `${index + 1}月`,
        width: 12,
        value: (row: Row) => row.months[month] ?? null,
      })),
      { header: '全年', width: 14, value: (row: Row) => row.year },
    ],
    one(),
  );
}

export function sendTargetTemplate(reply: FastifyReply, query: GridQuery) {
  return sendTemplate(reply, `${titleOf(query)}导入模板`, importColumns(), {
    code: query.subjectType === 'ORG' ? 'A01A01' : query.subjectType === 'EMPLOYEE' ? 'zhaolei' : 'D0001',
    name: '（按编码匹配，名称仅供参考）',
    m1: 100000,
    year: 1200000,
  });
}

async function importTargetRows(
  db: Kysely<DB>,
  actor: Actor,
  query: GridQuery,
  upload: { fileName: string; stream: Readable },
): Promise<ImportReport> {
  const { rows, report } = await readImportSheet(upload, importColumns());
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const byCode = new Map(
    visibleSubjects(await subjectsOf(db, actor.tenantId, query.subjectType), scope).map((s) => [s.code, s]),
  );
  const months = monthsOf(query.year);
  const cells: KpiTargetCell[] = [];
  for (const { rowNo, values } of rows) {
    const code = values.code as string | undefined;
    const subject = code ? byCode.get(code) : undefined;
    if (code && !subject) {
      reportError(report, { rowNo, column: '编码', value: code, message: '编码不存在或不在您的数据范围内' });
      continue;
    }
    if (!subject) continue;
    MONTH_KEYS.forEach((key, index) => {
      if (values[key] !== undefined)
        cells.push({ subjectId: subject.id, period: months[index], value: Number(values[key]) });
    });
    if (values.year !== undefined)
      cells.push({ subjectId: subject.id, period: String(query.year), value: Number(values.year) });
  }
  if (report.errorCount > 0 || cells.length === 0) return report;
  try {
    await saveTargetCells(db, actor, { ...query, cells });
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    reportError(report, { rowNo: 0, column: '', value: '', message: error.message });
    return report;
  }
  report.imported = rows.length;
  return report;
}

const targetImport = defineImport<GridQuery>({
  key: 'kpiTargets',
  title: (query) => `${titleOf(query)}导入`,
  run: importTargetRows,
});

export function importTargets(request: FastifyRequest, reply: FastifyReply, query: GridQuery) {
  return queueImport(request, reply, targetImport, query);
}
