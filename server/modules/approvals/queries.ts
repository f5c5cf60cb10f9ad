// What the 审批中心 reads: the caller's pending and handled tasks and the approvals they started, filtered by
// type, department and date; one instance with its nodes, tasks and log; the pending count of the menu and the
// bell. Everything is the caller's own: their tasks, or instances they started or hold a task on.
import { sql, type Kysely } from 'kysely';
import {
  APPROVAL_ACTION,
  APPROVAL_BIZ_TYPE,
  APPROVAL_STATUS,
  TASK_RESULT,
  type ApprovalDetail,
  type ApprovalRecord,
  type ApprovalTab,
} from '../../../common/approvals';
import { codesOf } from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import type { Caller } from '../shared/actor';

const instanceFilters: ListSpec['filters'] = {
  bizType: { column: 'i.biz_type', kind: 'enum', values: codesOf(APPROVAL_BIZ_TYPE) },
  status: { column: 'i.status', kind: 'enum', values: codesOf(APPROVAL_STATUS) },
  orgCode: { column: 'i.org_code', kind: 'text' },
  title: { column: 'i.title', kind: 'text' },
  bizNo: { column: 'i.biz_no', kind: 'text' },
  startTime: { column: 'i.started_at', kind: 'datetime' },
};

const SPECS: Record<ApprovalTab, ListSpec> = {
  todo: {
    filters: instanceFilters,
    sorts: { startTime: 'i.started_at' },
    defaultSort: [
      ['i.started_at', 'desc'],
      ['t.id', 'asc'],
    ],
  },
  done: {
    filters: instanceFilters,
    sorts: { startTime: 'i.started_at', actTime: 't.acted_at' },
    defaultSort: [
      ['t.acted_at', 'desc'],
      ['t.id', 'asc'],
    ],
  },
  mine: {
    filters: instanceFilters,
    sorts: { startTime: 'i.started_at' },
    defaultSort: [
      ['i.started_at', 'desc'],
      ['i.id', 'asc'],
    ],
  },
};

/** The departments' names by org code, for the rows' 部门 column. */
const orgName = sql<
  string | null
>`(select d.depart_name from departs d where d.tenant_id = i.tenant_id and d.org_code = i.org_code limit 1)`;

export async function listApprovals(db: Kysely<DB>, caller: Caller, tab: ApprovalTab, query: RawQuery) {
  const list = parseListQuery(query, SPECS[tab]);
  const instances = db
    .selectFrom('approval_instances as i')
    .innerJoin('users as u', 'u.id', 'i.initiator_id');
  const base =
    tab === 'mine'
      ? instances
          .leftJoin('approval_tasks as t', (join) => join.on(sql<boolean>`false`))
          .where('i.tenant_id', '=', caller.tenantId)
          .where('i.initiator_id', '=', caller.userId)
      : instances
          .innerJoin('approval_tasks as t', 't.instance_id', 'i.id')
          .where('t.tenant_id', '=', caller.tenantId)
          .where('t.approver_id', '=', caller.userId)
          .where(
            tab === 'todo'
              ? sql<boolean>`t.result = 'PENDING'`
              : sql<boolean>`t.result in ('APPROVED', 'REJECTED', 'TRANSFERRED')`,
          );
  return pagedList(base.where(list.where), list, async (page) =>
    (
      await page
        .select([
          'i.id',
          'i.biz_type',
          'i.biz_id',
          'i.biz_no',
          'i.title',
          'i.status',
          'i.initiator_id',
          'u.realname as initiatorName',
          'i.org_code',
          orgName.as('orgName'),
          'i.current_node_seq',
          'i.nodes',
          'i.flow_name',
          'i.low_risk',
          shanghaiDateTime('i.started_at').as('startTime'),
          shanghaiDateTime<string | null>('i.finished_at').as('finishTime'),
          't.id as taskId',
          't.result as taskResult',
          shanghaiDateTime<string | null>('t.acted_at').as('actTime'),
        ])
        .execute()
    ).map((row): ApprovalRecord => ({
      id: row.id,
      bizType: row.biz_type,
      bizType_dictText: APPROVAL_BIZ_TYPE[row.biz_type],
      bizId: row.biz_id,
      bizNo: row.biz_no,
      title: row.title,
      status: row.status,
      status_dictText: APPROVAL_STATUS[row.status],
      initiatorId: row.initiator_id,
      initiatorName: row.initiatorName,
      orgCode: row.org_code,
      orgName: row.orgName,
      currentNodeSeq: row.current_node_seq,
      currentNodeName: row.nodes[row.current_node_seq - 1]?.name ?? null,
      flowName: row.flow_name,
      lowRisk: row.low_risk,
      startTime: row.startTime,
      finishTime: row.finishTime,
      taskId: row.taskId,
      taskResult: row.taskResult,
      taskResult_dictText: row.taskResult ? TASK_RESULT[row.taskResult] : null,
      actTime: row.actTime,
    })),
  );
}

/** The caller's pending tasks: the menu's and the bell's count. */
export async function pendingCount(db: Kysely<DB>, caller: Caller): Promise<{ pending: number }> {
  const { count } = await db
    .selectFrom('approval_tasks')
    .innerJoin('approval_instances', 'approval_instances.id', 'approval_tasks.instance_id')
    .select(sql<number>`count(*)::integer`.as('count'))
    .where('approval_tasks.tenant_id', '=', caller.tenantId)
    .where('approval_tasks.approver_id', '=', caller.userId)
    .where('approval_tasks.result', '=', 'PENDING')
    .where('approval_instances.status', '=', 'IN_PROGRESS')
    .executeTakeFirstOrThrow();
  return { pending: count };
}

/** One instance, for its initiator or anyone who holds or held a task on it. */
export async function approvalById(db: Kysely<DB>, caller: Caller, id: string): Promise<ApprovalDetail> {
  const instance = await db
    .selectFrom('approval_instances as i')
    .innerJoin('users as u', 'u.id', 'i.initiator_id')
    .selectAll('i')
    .select([
      'u.realname as initiatorName',
      orgName.as('orgName'),
      shanghaiDateTime('i.started_at').as('startTime'),
      shanghaiDateTime<string | null>('i.finished_at').as('finishTime'),
    ])
    .where('i.id', '=', id)
    .where('i.tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  const tasks = instance
    ? await db
        .selectFrom('approval_tasks as t')
        .innerJoin('users as u', 'u.id', 't.approver_id')
        .select([
          't.id',
          't.node_seq',
          't.approver_id',
          'u.realname',
          't.result',
          't.comment',
          shanghaiDateTime<string | null>('t.due_at').as('dueTime'),
          shanghaiDateTime<string | null>('t.acted_at').as('actTime'),
        ])
        .where('t.instance_id', '=', id)
        .orderBy('t.node_seq')
        .orderBy('t.created_at')
        .orderBy('t.id')
        .execute()
    : [];
  const involved =
    instance &&
    (instance.initiator_id === caller.userId || tasks.some((task) => task.approver_id === caller.userId));
  if (!instance || !involved) throw new BusinessError(404, '审批不存在或无权访问');
  const logs = await db
    .selectFrom('approval_logs as l')
    .leftJoin('users as u', 'u.id', 'l.actor_id')
    .select([
      'l.id',
      'l.node_seq',
      'l.action',
      'u.realname',
      'l.comment',
      shanghaiDateTime('l.created_at').as('time'),
    ])
    .where('l.instance_id', '=', id)
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
  const myTask = tasks.find((task) => task.approver_id === caller.userId && task.result === 'PENDING');
  return {
    id: instance.id,
    bizType: instance.biz_type,
    bizType_dictText: APPROVAL_BIZ_TYPE[instance.biz_type],
    bizId: instance.biz_id,
    bizNo: instance.biz_no,
    title: instance.title,
    status: instance.status,
    status_dictText: APPROVAL_STATUS[instance.status],
    initiatorId: instance.initiator_id,
    initiatorName: instance.initiatorName,
    orgCode: instance.org_code,
    orgName: instance.orgName,
    currentNodeSeq: instance.current_node_seq,
    currentNodeName: instance.nodes[instance.current_node_seq - 1]?.name ?? null,
    flowName: instance.flow_name,
    flowVersion: instance.flow_version,
    lowRisk: instance.low_risk,
    startTime: instance.startTime,
    finishTime: instance.finishTime,
    summary: instance.summary,
    nodes: instance.nodes,
    tasks: tasks.map((task) => ({
      id: task.id,
      nodeSeq: task.node_seq,
      approverId: task.approver_id,
      approverName: task.realname,
      result: task.result,
      result_dictText: TASK_RESULT[task.result],
      comment: task.comment,
      dueTime: task.dueTime,
      actTime: task.actTime,
    })),
    logs: logs.map((log) => ({
      id: log.id,
      nodeSeq: log.node_seq,
      action: log.action,
      action_dictText: APPROVAL_ACTION[log.action],
      actorName: log.realname ?? '系统',
      comment: log.comment,
      time: log.time,
    })),
    myTaskId: instance.status === 'IN_PROGRESS' ? (myTask?.id ?? null) : null,
    canWithdraw: instance.status === 'IN_PROGRESS' && instance.initiator_id === caller.userId,
  };
}

/** Active users of the tenant by name, for 转交 and a USER node (at most 50). */
export async function approverOptions(db: Kysely<DB>, caller: Caller, keyword: string | undefined) {
  let query = db
    .selectFrom('users')
    .select(['id', 'realname', 'username'])
    .where('tenant_id', '=', caller.tenantId)
    .where('status', '=', 1)
    .where('del_flag', '=', 0);
  if (keyword) {
    const pattern = `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where((eb) => eb.or([eb('realname', 'like', pattern), eb('username', 'like', pattern)]));
  }
  return query.orderBy('username').limit(50).execute();
}

/** Role codes and names of the tenant, for a ROLE node. */
export function roleOptions(db: Kysely<DB>, caller: Caller) {
  return db
    .selectFrom('roles')
    .select(['role_code as code', 'role_name as name'])
    .where('tenant_id', '=', caller.tenantId)
    .orderBy('role_code')
    .execute();
}
