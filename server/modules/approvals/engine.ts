// The approval engine (DOMAIN §1.17): a module submits its object, the engine runs the flow's nodes, and when
// the outcome is known calls the module's handler in the same transaction, so the object's own state follows
// (the module says what approved, rejected and withdrawn mean for it). Every step bumps the instance's
// version conditionally: of two approvers acting on one instance at once, the second gets 409.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  APPROVAL_BIZ_TYPE,
  type ApprovalAction,
  type ApprovalBizType,
  type ApprovalNode,
  type ApprovalStatus,
  type ApprovalSummary,
} from '../../../common/approvals';
import { newId } from '../../db/ids';
import type { ApprovalInstancesTable, DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { logOperation, type Actor } from '../shared/actor';
import { changedMeanwhile } from '../shared/commands';
import { chooseFlow } from './flows';

/** What a handler learns about the outcome. */
export interface ApprovalOutcome {
  tenantId: string;
  bizId: string;
  instanceId: string;
  /** Who decided; null: the system (a timeout). */
  actorId: string | null;
  /** The reason of a rejection, the approver's or initiator's comment. */
  comment: string | null;
  /** Who decided, as the engine was called (a module that writes its own logs acts as them). */
  actor: ApprovalActor;
}

/** The one interface a module implements for each business type it submits. */
export interface ApprovalHandler {
  bizType: ApprovalBizType;
  approved(trx: Transaction<DB>, outcome: ApprovalOutcome): Promise<void>;
  rejected(trx: Transaction<DB>, outcome: ApprovalOutcome): Promise<void>;
  withdrawn(trx: Transaction<DB>, outcome: ApprovalOutcome): Promise<void>;
}

const handlers = new Map<ApprovalBizType, ApprovalHandler>();

/** Called once by the module that implements the type (at import). */
export function registerApprovalHandler(handler: ApprovalHandler): void {
  handlers.set(handler.bizType, handler);
}

function handlerOf(bizType: ApprovalBizType): ApprovalHandler {
  const handler = handlers.get(bizType);
  if (!handler) throw new BusinessError(400, `「${APPROVAL_BIZ_TYPE[bizType]}」尚未接入审批`);
  return handler;
}

/** New tasks to tell their approvers about, once the transaction has committed. */
export interface TaskNotice {
  tenantId: string;
  instanceId: string;
  title: string;
  userIds: string[];
}

/**
 * A user acting through the API (their operation log written too), a user acting outside a request (the
 * demo seed), or the system (userId null: timeouts).
 */
export type ApprovalActor = Actor | { tenantId: string; userId: string | null };

const isUser = (actor: ApprovalActor) => actor.userId !== null;
const viaRequest = (actor: ApprovalActor): actor is Actor => 'request' in actor;

export interface Submission {
  tenantId: string;
  initiatorId: string;
  bizType: ApprovalBizType;
  bizId: string;
  bizNo: string;
  title: string;
  summary: ApprovalSummary;
  amount?: number | null;
  quantity?: number | null;
  /** The department the submission belongs to: conditions by department, the ORG_LEADER approver. */
  orgCode?: string | null;
  /** For CUSTOMER_OWNER_LEADER nodes. */
  customerOwnerId?: string | null;
}

type Instance = Selectable<ApprovalInstancesTable>;

const ACTIVE_USER = { status: 1, del_flag: 0 } as const;

/** Users of the tenant with the role. */
async function roleHolders(db: Kysely<DB>, tenantId: string, roleCode: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select('users.id')
    .where('roles.tenant_id', '=', tenantId)
    .where('roles.role_code', '=', roleCode)
    .where('users.status', '=', ACTIVE_USER.status)
    .where('users.del_flag', '=', ACTIVE_USER.del_flag)
    .orderBy('users.username')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The heads (user_identity 2) of the department of `orgCode`, else of its parent, and so on up; `besides`
 * is never its own leader, so a head who submits goes to the head above.
 */
async function leadersAbove(
  db: Kysely<DB>,
  tenantId: string,
  orgCode: string,
  besides: string | null,
): Promise<string[]> {
  const codes: string[] = [];
  for (let length = orgCode.length; length >= 3; length -= 3) codes.push(orgCode.slice(0, length));
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('user_departs')
    .innerJoin('departs', 'departs.id', 'user_departs.depart_id')
    .innerJoin('users', 'users.id', 'user_departs.user_id')
    .select(['users.id', 'departs.org_code'])
    .where('user_departs.tenant_id', '=', tenantId)
    .where('departs.org_code', 'in', codes)
    .where('users.user_identity', '=', 2)
    .where('users.status', '=', ACTIVE_USER.status)
    .where('users.del_flag', '=', ACTIVE_USER.del_flag)
    .orderBy('users.username')
    .execute();
  for (const code of codes) {
    const leaders = rows.filter((row) => row.org_code === code && row.id !== besides).map((row) => row.id);
    if (leaders.length > 0) return leaders;
  }
  return [];
}

/** The department a user works in: the one chosen at login, else their first. */
export async function departmentOf(db: Kysely<DB>, tenantId: string, userId: string): Promise<string | null> {
  const rows = await db
    .selectFrom('user_departs')
    .innerJoin('departs', 'departs.id', 'user_departs.depart_id')
    .innerJoin('users', 'users.id', 'user_departs.user_id')
    .select(['departs.org_code', 'users.org_code as current'])
    .where('user_departs.tenant_id', '=', tenantId)
    .where('user_departs.user_id', '=', userId)
    .orderBy('departs.org_code')
    .execute();
  return rows.find((row) => row.org_code === row.current)?.org_code ?? rows[0]?.org_code ?? null;
}

/**
 * The approvers of a node. Nobody found (no leader above, a role nobody holds, a user who left) falls back to
 * the tenant's administrators, so that no submission waits for someone who does not exist.
 */
async function approversOf(db: Kysely<DB>, instance: Instance, node: ApprovalNode): Promise<string[]> {
  const { tenant_id: tenantId } = instance;
  let found: string[] = [];
  if (node.approverType === 'ROLE' && node.approverRef) {
    found = await roleHolders(db, tenantId, node.approverRef);
  } else if (node.approverType === 'USER' && node.approverRef) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', node.approverRef)
      .where('status', '=', ACTIVE_USER.status)
      .where('del_flag', '=', ACTIVE_USER.del_flag)
      .executeTakeFirst();
    found = user ? [user.id] : [];
  } else if (node.approverType === 'ORG_LEADER' && instance.org_code) {
    found = await leadersAbove(db, tenantId, instance.org_code, instance.initiator_id);
  } else if (node.approverType === 'CUSTOMER_OWNER_LEADER' && instance.customer_owner_id) {
    const orgCode = await departmentOf(db, tenantId, instance.customer_owner_id);
    if (orgCode) found = await leadersAbove(db, tenantId, orgCode, instance.customer_owner_id);
  }
  if (found.length === 0) found = await roleHolders(db, tenantId, 'admin');
  if (found.length === 0) throw new BusinessError(400, `审批节点「${node.name}」找不到审批人，请联系管理员`);
  return found;
}

async function writeLog(
  trx: Kysely<DB>,
  instance: Pick<Instance, 'id' | 'tenant_id'>,
  nodeSeq: number,
  action: ApprovalAction,
  actorId: string | null,
  comment: string | null,
): Promise<void> {
  await trx
    .insertInto('approval_logs')
    .values({
      id: newId(),
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      node_seq: nodeSeq,
      action,
      actor_id: actorId,
      comment,
    })
    .execute();
}

/** Opens the tasks of node `seq` and makes it the current one. */
async function activateNode(trx: Kysely<DB>, instance: Instance, seq: number): Promise<TaskNotice> {
  const node = instance.nodes[seq - 1];
  const approvers = await approversOf(trx, instance, node);
  const dueAt = node.timeoutHours ? new Date(Date.now() + node.timeoutHours * 3_600_000) : null;
  await trx
    .insertInto('approval_tasks')
    .values(
      approvers.map((approverId) => ({
        id: newId(),
        tenant_id: instance.tenant_id,
        instance_id: instance.id,
        node_seq: seq,
        approver_id: approverId,
        due_at: dueAt,
      })),
    )
    .execute();
  await trx
    .updateTable('approval_instances')
    .set({ current_node_seq: seq, updated_at: new Date() })
    .where('id', '=', instance.id)
    .execute();
  return { tenantId: instance.tenant_id, instanceId: instance.id, title: instance.title, userIds: approvers };
}

/**
 * Starts the approval of a business object, inside the module's own transaction: the flow whose conditions
 * take it, its nodes copied onto the instance, the first node's tasks.
 */
export async function startApproval(
  trx: Kysely<DB>,
  submission: Submission,
): Promise<{ instanceId: string; notices: TaskNotice[] }> {
  const facts = { amount: submission.amount, quantity: submission.quantity, orgCode: submission.orgCode };
  const flow = await chooseFlow(trx, submission.tenantId, submission.bizType, facts);
  const running = await trx
    .selectFrom('approval_instances')
    .select('id')
    .where('tenant_id', '=', submission.tenantId)
    .where('biz_type', '=', submission.bizType)
    .where('biz_id', '=', submission.bizId)
    .where('status', '=', 'IN_PROGRESS')
    .executeTakeFirst();
  if (running) throw new BusinessError(409, '该业务已在审批中');
  const instance = await trx
    .insertInto('approval_instances')
    .values({
      id: newId(),
      tenant_id: submission.tenantId,
      flow_id: flow.id,
      flow_version: flow.flow_version,
      flow_name: flow.name,
      nodes: JSON.stringify(flow.nodes),
      low_risk: flow.low_risk,
      biz_type: submission.bizType,
      biz_id: submission.bizId,
      biz_no: submission.bizNo,
      title: submission.title,
      summary: JSON.stringify(submission.summary),
      amount: submission.amount ?? null,
      quantity: submission.quantity ?? null,
      org_code: submission.orgCode ?? null,
      customer_owner_id: submission.customerOwnerId ?? null,
      initiator_id: submission.initiatorId,
      created_by: submission.initiatorId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeLog(trx, instance, 1, 'SUBMIT', submission.initiatorId, null);
  return { instanceId: instance.id, notices: [await activateNode(trx, instance, 1)] };
}

/**
 * Claims the instance for one step: the version read must still be there, else someone acted first (409).
 * The claimed row stays locked until the transaction ends, so the rest of the step sees no other step.
 */
async function claim(trx: Kysely<DB>, instance: Instance) {
  const claimed = await trx
    .updateTable('approval_instances')
    .set({ version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', instance.id)
    .where('status', '=', 'IN_PROGRESS')
    .where('version', '=', instance.version)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) throw changedMeanwhile('该审批');
}

/** Ends a claimed instance. */
async function finish(trx: Kysely<DB>, instanceId: string, status: Exclude<ApprovalStatus, 'IN_PROGRESS'>) {
  await trx
    .updateTable('approval_instances')
    .set({ status, finished_at: new Date(), updated_at: new Date() })
    .where('id', '=', instanceId)
    .execute();
}

/** The pending tasks of the instance (of one node, when given) are no longer needed. */
async function cancelPending(trx: Kysely<DB>, instanceId: string, nodeSeq?: number) {
  let update = trx
    .updateTable('approval_tasks')
    .set({ result: 'CANCELLED', acted_at: new Date() })
    .where('instance_id', '=', instanceId)
    .where('result', '=', 'PENDING');
  if (nodeSeq !== undefined) update = update.where('node_seq', '=', nodeSeq);
  await update.execute();
}

const TASK_GONE = '审批任务不存在或无权访问';

/** A task with its instance, of the actor's tenant; 403 when a user acts on another's task. */
async function taskOf(trx: Kysely<DB>, actor: ApprovalActor, taskId: string) {
  const task = await trx
    .selectFrom('approval_tasks')
    .selectAll()
    .where('id', '=', taskId)
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirst();
  if (!task) throw new BusinessError(404, TASK_GONE);
  if (isUser(actor) && task.approver_id !== actor.userId) {
    throw new BusinessError(403, '这不是您的审批任务');
  }
  const instance = await trx
    .selectFrom('approval_instances')
    .selectAll()
    .where('id', '=', task.instance_id)
    .executeTakeFirstOrThrow();
  if (task.result !== 'PENDING' || instance.status !== 'IN_PROGRESS') {
    throw new BusinessError(409, '该审批已处理，请刷新后重试');
  }
  return { task, instance };
}

/** Marks the task decided, conditionally: the loser of two at once on the same task gets 409. */
async function settleTask(
  trx: Kysely<DB>,
  taskId: string,
  result: 'APPROVED' | 'REJECTED' | 'TRANSFERRED',
  comment: string | null,
) {
  const settled = await trx
    .updateTable('approval_tasks')
    .set({ result, comment, acted_at: new Date() })
    .where('id', '=', taskId)
    .where('result', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  if (!settled) throw changedMeanwhile('该审批');
}

export type Decision = 'APPROVE' | 'REJECT';

export interface StepResult {
  instanceId: string;
  status: ApprovalStatus;
  notices: TaskNotice[];
}

/**
 * Approves or rejects a task. A rejection ends the instance; an approval finishes its node when the node is
 * 或签, or when it is the last pending task of a 会签 node; the next node opens, or after the last one the
 * instance is approved. `timeout`: the system acts on an overdue task.
 */
export async function decideTask(
  trx: Transaction<DB>,
  actor: ApprovalActor,
  taskId: string,
  decision: Decision,
  comment: string | null,
): Promise<StepResult> {
  const reason = comment?.trim() || null;
  if (decision === 'REJECT' && !reason) throw new BusinessError(400, '驳回须填写原因');
  const { task, instance } = await taskOf(trx, actor, taskId);
  const node = instance.nodes[task.node_seq - 1];
  const outcome: ApprovalOutcome = {
    tenantId: instance.tenant_id,
    bizId: instance.biz_id,
    instanceId: instance.id,
    actorId: actor.userId,
    comment: reason,
    actor,
  };
  const action: ApprovalAction = isUser(actor)
    ? decision
    : decision === 'APPROVE'
      ? 'TIMEOUT_APPROVE'
      : 'TIMEOUT_REJECT';
  const label = decision === 'APPROVE' ? '批准' : '驳回';

  await claim(trx, instance);
  await settleTask(trx, task.id, decision === 'APPROVE' ? 'APPROVED' : 'REJECTED', reason);
  let status: ApprovalStatus = 'IN_PROGRESS';
  const notices: TaskNotice[] = [];
  if (decision === 'REJECT') {
    status = 'REJECTED';
  } else {
    const othersPending = await trx
      .selectFrom('approval_tasks')
      .select('id')
      .where('instance_id', '=', instance.id)
      .where('node_seq', '=', task.node_seq)
      .where('result', '=', 'PENDING')
      .execute();
    // 或签: the first approval decides the node, the others need not act; 会签: the last one does.
    if (node.mode === 'ANY') await cancelPending(trx, instance.id, task.node_seq);
    const nodeDone = node.mode === 'ANY' || othersPending.length === 0;
    if (nodeDone && task.node_seq >= instance.nodes.length) status = 'APPROVED';
    else if (nodeDone) notices.push(await activateNode(trx, instance, task.node_seq + 1));
  }
  if (status !== 'IN_PROGRESS') {
    await cancelPending(trx, instance.id);
    await finish(trx, instance.id, status);
  }
  await writeLog(trx, instance, task.node_seq, action, actor.userId, reason);
  if (status === 'APPROVED') await handlerOf(instance.biz_type).approved(trx, outcome);
  if (status === 'REJECTED') await handlerOf(instance.biz_type).rejected(trx, outcome);
  if (viaRequest(actor)) {
    await logOperation(
      trx,
      actor,
      'update',
      `审批${label}：${instance.title}${reason ? `（${reason}）` : ''}`,
    );
  }
  return { instanceId: instance.id, status, notices };
}

/** Hands the caller's task to another user of the tenant, on the same node with the same due time. */
export async function transferTask(
  trx: Transaction<DB>,
  actor: Actor,
  taskId: string,
  toUserId: string,
  comment: string | null,
): Promise<StepResult> {
  const { task, instance } = await taskOf(trx, actor, taskId);
  if (toUserId === actor.userId) throw new BusinessError(400, '不能转交给自己');
  const target = await trx
    .selectFrom('users')
    .select(['id', 'realname'])
    .where('tenant_id', '=', actor.tenantId)
    .where('id', '=', toUserId)
    .where('status', '=', ACTIVE_USER.status)
    .where('del_flag', '=', ACTIVE_USER.del_flag)
    .executeTakeFirst();
  if (!target) throw new BusinessError(400, '转交对象不存在或已停用');
  const holding = await trx
    .selectFrom('approval_tasks')
    .select('id')
    .where('instance_id', '=', instance.id)
    .where('node_seq', '=', task.node_seq)
    .where('approver_id', '=', toUserId)
    .where('result', '=', 'PENDING')
    .executeTakeFirst();
  if (holding) throw new BusinessError(400, `${target.realname} 已是该节点的审批人`);
  await claim(trx, instance);
  const note = comment?.trim() || null;
  await settleTask(trx, task.id, 'TRANSFERRED', note);
  await trx
    .insertInto('approval_tasks')
    .values({
      id: newId(),
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      node_seq: task.node_seq,
      approver_id: toUserId,
      due_at: task.due_at,
    })
    .execute();
  await writeLog(
    trx,
    instance,
    task.node_seq,
    'TRANSFER',
    actor.userId,
    `转交给 ${target.realname}${note ? `：${note}` : ''}`,
  );
  await logOperation(trx, actor, 'update', `审批转交：${instance.title} → ${target.realname}`);
  return {
    instanceId: instance.id,
    status: 'IN_PROGRESS',
    notices: [
      { tenantId: instance.tenant_id, instanceId: instance.id, title: instance.title, userIds: [toUserId] },
    ],
  };
}

/** The initiator takes back a running approval; the module's object follows through its handler. */
export async function withdrawInstance(
  trx: Transaction<DB>,
  actor: Actor,
  instanceId: string,
  comment: string | null,
): Promise<StepResult> {
  const instance = await trx
    .selectFrom('approval_instances')
    .selectAll()
    .where('id', '=', instanceId)
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirst();
  if (!instance) throw new BusinessError(404, '审批不存在或无权访问');
  if (instance.initiator_id !== actor.userId) throw new BusinessError(403, '只有发起人可以撤回');
  if (instance.status !== 'IN_PROGRESS') throw new BusinessError(409, '该审批已结束，不能撤回');
  const note = comment?.trim() || null;
  await claim(trx, instance);
  await cancelPending(trx, instance.id);
  await finish(trx, instance.id, 'WITHDRAWN');
  await writeLog(trx, instance, instance.current_node_seq, 'WITHDRAW', actor.userId, note);
  await handlerOf(instance.biz_type).withdrawn(trx, {
    tenantId: instance.tenant_id,
    bizId: instance.biz_id,
    instanceId: instance.id,
    actorId: actor.userId,
    comment: note,
    actor,
  });
  await logOperation(trx, actor, 'update', `撤回审批：${instance.title}`);
  return { instanceId: instance.id, status: 'WITHDRAWN', notices: [] };
}

/**
 * The business object went away by another road (an order voided while its approval ran): its running
 * approval, if any, ends WITHDRAWN with the reason, its open tasks cancelled, without calling the handler (the
 * module has moved its object already).
 */
export async function closeRunningInstance(
  trx: Transaction<DB>,
  actor: Pick<Actor, 'tenantId' | 'userId'>,
  bizType: ApprovalBizType,
  bizId: string,
  comment: string,
): Promise<boolean> {
  const instance = await trx
    .selectFrom('approval_instances')
    .selectAll()
    .where('tenant_id', '=', actor.tenantId)
    .where('biz_type', '=', bizType)
    .where('biz_id', '=', bizId)
    .where('status', '=', 'IN_PROGRESS')
    .executeTakeFirst();
  if (!instance) return false;
  await claim(trx, instance);
  await cancelPending(trx, instance.id);
  await finish(trx, instance.id, 'WITHDRAWN');
  await writeLog(trx, instance, instance.current_node_seq, 'WITHDRAW', actor.userId, comment);
  return true;
}

/**
 * A module's own 审核 screen deciding through the engine: the caller's pending task on the object's running
 * approval (403 `notYours` when they hold none; 409 when the approval was decided after it was read, as the
 * loser of two decisions at once finds it). Null when no approval runs (an object from before the engine).
 */
export async function decideOwnTask(
  trx: Transaction<DB>,
  actor: Actor,
  biz: { bizType: ApprovalBizType; bizId: string },
  decision: { pass: boolean; reason?: string | null },
  notYours: string,
): Promise<StepResult | null> {
  const running = await runningInstanceOf(trx, actor.tenantId, biz.bizType, biz.bizId);
  if (!running) return null;
  const task = await pendingTaskOf(trx, actor.tenantId, running.id, actor.userId);
  if (!task) {
    if (!(await runningInstanceOf(trx, actor.tenantId, biz.bizType, biz.bizId)))
      throw changedMeanwhile('该审批');
    throw new BusinessError(403, notYours);
  }
  return decideTask(
    trx,
    actor,
    task.id,
    decision.pass ? 'APPROVE' : 'REJECT',
    decision.reason?.trim() || null,
  );
}

/** The running instance of a business object, if any. */
export async function runningInstanceOf(
  db: Kysely<DB>,
  tenantId: string,
  bizType: ApprovalBizType,
  bizId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('approval_instances')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('biz_type', '=', bizType)
    .where('biz_id', '=', bizId)
    .where('status', '=', 'IN_PROGRESS')
    .executeTakeFirst();
}

/** The caller's pending task on an instance, if any. */
async function pendingTaskOf(
  db: Kysely<DB>,
  tenantId: string,
  instanceId: string,
  userId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('approval_tasks')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where('approver_id', '=', userId)
    .where('result', '=', 'PENDING')
    .executeTakeFirst();
}

/**
 * The timeout sweep (a periodic worker, across tenants): each overdue task gets its node's automatic action,
 * in its own transaction, as the system. NONE only reminds: the approver is told again and the due time
 * cleared. A task another instance of the server settled first is skipped.
 */
export async function runApprovalTimeouts(db: Kysely<DB>, now = new Date()): Promise<TaskNotice[]> {
  const overdue = await db
    .selectFrom('approval_tasks')
    .innerJoin('approval_instances', 'approval_instances.id', 'approval_tasks.instance_id')
    .select([
      'approval_tasks.id',
      'approval_tasks.tenant_id',
      'approval_tasks.node_seq',
      'approval_tasks.approver_id',
      'approval_instances.id as instanceId',
      'approval_instances.title',
      'approval_instances.nodes',
    ])
    .where('approval_tasks.result', '=', 'PENDING')
    .where('approval_tasks.due_at', '<=', now)
    .where('approval_instances.status', '=', 'IN_PROGRESS')
    .orderBy('approval_tasks.due_at')
    .limit(500)
    .execute();
  const notices: TaskNotice[] = [];
  for (const task of overdue) {
    const { timeoutAction } = task.nodes[task.node_seq - 1];
    const system = { tenantId: task.tenant_id, userId: null };
    try {
      if (timeoutAction === 'NONE') {
        const cleared = await db
          .updateTable('approval_tasks')
          .set({ due_at: null })
          .where('id', '=', task.id)
          .where('result', '=', 'PENDING')
          .returning('id')
          .executeTakeFirst();
        if (cleared) {
          notices.push({
            tenantId: task.tenant_id,
            instanceId: task.instanceId,
            title: `【已超时】${task.title}`,
            userIds: [task.approver_id],
          });
        }
        continue;
      }
      const step = await db
        .transaction()
        .execute((trx) =>
          decideTask(
            trx,
            system,
            task.id,
            timeoutAction,
            timeoutAction === 'REJECT' ? '审批超时，系统自动驳回' : null,
          ),
        );
      notices.push(...step.notices);
    } catch (error) {
      if (!(error instanceof BusinessError && error.code === 409)) throw error;
    }
  }
  return notices;
}
