// The system log of a tenant (API.md §6.7): the login and operation log list, deletion by an administrator
// (itself logged), and the login statistics of the home page.
import { sql, type Kysely } from 'kysely';
import { shanghaiDateTime } from '../../../db/dates';
import type { DB } from '../../../db/schema';
import { BusinessError } from '../../../http/envelope';
import { audit, idList, inTransaction, notFound, OperateType, optionalText, type Actor } from '../commands';
import { dictTextOf } from '../dicts/dictText';
import { containsPattern, pagedList, parseListQuery, type ListSpec } from '../../../http/listQuery';

export const logMessages = {
  deleted: '删除成功!',
  cleared: '清除成功!',
  noneSelected: '参数不识别！',
  loginInfo: '登录成功',
} as const;

/** `ids=allclear` of deleteBatch empties the tenant's log (API.md §6.7). */
export const CLEAR_ALL = 'allclear';

const LOG_LIST: ListSpec = {
  filters: {
    logType: { column: 'log_type', kind: 'integer' },
    operateType: { column: 'operate_type', kind: 'integer' },
    username: { column: 'username', kind: 'text' },
    userid: { column: 'user_id', kind: 'text' },
    ip: { column: 'ip', kind: 'text' },
    method: { column: 'method', kind: 'text' },
    requestUrl: { column: 'request_url', kind: 'text' },
    logContent: { column: 'log_content', kind: 'text' },
    costTime: { column: 'cost_time', kind: 'integer' },
    createTime: { column: 'created_at', kind: 'datetime' },
  },
  sorts: { createTime: 'created_at', costTime: 'cost_time', username: 'username', ip: 'ip' },
  defaultSort: [
    ['created_at', 'desc'],
    ['id', 'desc'],
  ],
  extras: ['keyWord'],
};

export async function listLogs(db: Kysely<DB>, tenantId: string, query: unknown) {
  const list = parseListQuery(query, LOG_LIST);
  let base = db.selectFrom('sys_log').where('tenant_id', '=', tenantId).where(list.where);
  const keyWord = optionalText(list.extras.keyWord);
  if (keyWord !== null) {
    base = base.where('log_content', 'ilike', containsPattern(keyWord));
  }
  return pagedList(base, list, (page) =>
    page
      .select([
        sql<string>`id::text`.as('id'),
        'log_type as logType',
        dictTextOf('log_type', 'sys_log.log_type', 'sys_log.tenant_id').as('logType_dictText'),
        'operate_type as operateType',
        dictTextOf('operate_type', 'sys_log.operate_type', 'sys_log.tenant_id').as('operateType_dictText'),
        'log_content as logContent',
        'user_id as userid',
        'username',
        'ip',
        'method',
        'request_url as requestUrl',
        'request_param as requestParam',
        'cost_time as costTime',
        'username as createBy',
        shanghaiDateTime('created_at').as('createTime'),
      ])
      .orderBy('id', 'desc')
      .execute(),
  );
}

/** Deletes log rows of the tenant (or all of them for `allclear`), then logs the deletion itself. */
export async function deleteLogs(
  db: Kysely<DB>,
  actor: Actor,
  rawIds: string | undefined,
): Promise<'cleared' | 'deleted'> {
  const clearAll = rawIds?.trim() === CLEAR_ALL;
  const ids = clearAll ? [] : idList(rawIds, logMessages.noneSelected);
  if (ids.some((id) => !/^\d{1,18}$/.test(id))) throw new BusinessError(400, logMessages.noneSelected);
  return inTransaction(db, async (trx) => {
    let deletion = trx.deleteFrom('sys_log').where('tenant_id', '=', actor.tenantId);
    if (!clearAll) deletion = deletion.where(sql<string>`id::text`, 'in', ids);
    const { numDeletedRows } = await deletion.executeTakeFirst();
    if (!clearAll && Number(numDeletedRows) !== ids.length) throw notFound();
    // Written after the deletion, so that even clearing the log leaves this row behind.
    await audit(
      trx,
      actor,
      OperateType.delete,
      clearAll ? `清空系统日志: ${numDeletedRows} 条` : `删除系统日志: ${ids.join(',')}`,
    );
    return clearAll ? 'cleared' : 'deleted';
  });
}

/** Login-log rows of the tenant: all of them, today's, and today's distinct addresses (Asia/Shanghai days). */
export async function loginInfo(db: Kysely<DB>, tenantId: string) {
  const today = sql<boolean>`created_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;
  const row = await db
    .selectFrom('sys_log')
    .select([
      sql<number>`count(*)::integer`.as('totalVisitCount'),
      sql<number>`(count(*) filter (where ${today}))::integer`.as('todayVisitCount'),
      sql<number>`(count(distinct ip) filter (where ${today}))::integer`.as('todayIp'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('log_type', '=', 1)
    .executeTakeFirstOrThrow();
  return row;
}

/** Login visits of the last 7 days including today, per day, oldest first; days without any are left out. */
export async function visitInfo(db: Kysely<DB>, tenantId: string) {
  const day = sql<string>`to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  return db
    .selectFrom('sys_log')
    .select([
      sql<number>`count(*)::integer`.as('visit'),
      sql<number>`count(distinct ip)::integer`.as('ip'),
      day.as('tian'),
      sql<string>`to_char(created_at at time zone 'Asia/Shanghai', 'MM-DD')`.as('type'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('log_type', '=', 1)
    .where(
      'created_at',
      '>=',
      sql<Date>`(date_trunc('day', now() at time zone 'Asia/Shanghai') - interval '6 days') at time zone 'Asia/Shanghai'`,
    )
    .groupBy([day, sql`to_char(created_at at time zone 'Asia/Shanghai', 'MM-DD')`])
    .orderBy(day)
    .execute();
}
