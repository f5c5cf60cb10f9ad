import WebSocket from 'ws';
import type { ApprovalDetail, ApprovalFlow, ApprovalRecord } from '../../common/approvals';
import type { Page } from '../../common/contract';
import type { PushFrame } from '../../common/push';
import { demoUserId } from '../db/seed/ids';
import { conditionsMatch } from '../modules/approvals/flows';
import { runApprovalTimeouts } from '../modules/approvals/engine';
import { apiClient, loginAs, openSeededDatabase, type ApiAnswer } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

describe('flow conditions', () => {
  it('take an amount in [min, max), a quantity range and a department subtree', () => {
    const small = { amountMax: 50000 };
    const large = { amountMin: 50000 };
    expect(conditionsMatch(small, { amount: 49999.99 })).toBe(true);
    expect(conditionsMatch(small, { amount: 50000 })).toBe(false);
    expect(conditionsMatch(large, { amount: 50000 })).toBe(true);
    expect(conditionsMatch(large, {})).toBe(false);
    expect(conditionsMatch({}, {})).toBe(true);
    expect(conditionsMatch({ quantityMin: 3, quantityMax: 10 }, { quantity: 3 })).toBe(true);
    expect(conditionsMatch({ quantityMin: 3, quantityMax: 10 }, { quantity: 10 })).toBe(false);
    expect(conditionsMatch({ orgCodes: ['A01A02'] }, { orgCode: 'A01A02A01' })).toBe(true);
    expect(conditionsMatch({ orgCodes: ['A01A02'] }, { orgCode: 'A01A01A01' })).toBe(false);
    expect(conditionsMatch({ orgCodes: [] }, { orgCode: null })).toBe(true);
  });
});

type Caller = 'admin' | 'zhangwei' | 'liuyang' | 'zhaolei' | 'wangfang' | 't2admin';
const CALLERS: Caller[] = ['admin', 'zhangwei', 'liuyang', 'zhaolei', 'wangfang', 't2admin'];

const outlet = (name: string, orgCode = 'A01A02A01') => ({
  name,
  customerType: 'OUTLET',
  channel: 'TT',
  outletType: '便利店',
  address: '天河路 8 号',
  orgCode,
});

const node = (overrides: Record<string, unknown> = {}) => ({
  name: '审批',
  approverType: 'ROLE',
  approverRef: 'dept_manager',
  mode: 'ANY',
  timeoutHours: null,
  timeoutAction: 'NONE',
  ...overrides,
});

describe.each(testBackends())('approvals on %s', (backend) => {
  let testDatabase: TestDatabase;
  let server: TestServer;
  let tokens: Record<Caller, string>;
  const call = {
    get: <T>(caller: Caller, path: string) => apiClient(server.baseUrl).get<T>(path, tokens[caller]),
    post: <T>(caller: Caller, path: string, body: unknown) =>
      apiClient(server.baseUrl).post<T>(path, body, tokens[caller]),
    put: <T>(caller: Caller, path: string, body: unknown) =>
      apiClient(server.baseUrl).put<T>(path, body, tokens[caller]),
  };
  const result = async <T>(answer: Promise<ApiAnswer<T>>): Promise<T> => {
    const { body } = await answer;
    if (!body.success) throw new Error(body.message);
    return body.result;
  };
  const addOutlet = async (caller: Caller, name: string, orgCode?: string) =>
    result(call.post<{ id: string }>(caller, '/eCustomer/add', outlet(name, orgCode)));
  const todo = async (caller: Caller) =>
    (await result(call.get<Page<ApprovalRecord>>(caller, '/approval/todo/list'))).records;
  const taskOf = async (caller: Caller, customerId: string) => {
    const row = (await todo(caller)).find((record) => record.bizId === customerId);
    if (!row?.taskId) throw new Error(`${caller} has no task on ${customerId}`);
    return row;
  };
  const detail = (caller: Caller, id: string) =>
    result(call.get<ApprovalDetail>(caller, `/approval/queryById?id=${id}`));
  const auditStatus = async (id: string) =>
    await testDatabase.database.db
      .selectFrom('customers')
      .select(['audit_status', 'audit_remark'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const flows = async () =>
    (await result(call.get<Page<ApprovalFlow>>('admin', '/approval/flow/list?bizType=CUSTOMER_CREATE')))
      .records;
  const addFlow = (body: Record<string, unknown>) =>
    result(
      call.post<{ id: string; flowVersion: number }>('admin', '/approval/flow/add', {
        bizType: 'CUSTOMER_CREATE',
        priority: 10,
        lowRisk: false,
        conditions: {},
        ...body,
      }),
    );
  const disable = (id: string) =>
    result(call.put('admin', '/approval/flow/status', { id, status: 'DISABLED' }));

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    server = await startTestServer({ database: testDatabase.database });
    const client = apiClient(server.baseUrl);
    tokens = Object.fromEntries(
      await Promise.all(CALLERS.map(async (caller) => [caller, await loginAs(client, caller)] as const)),
    ) as Record<Caller, string>;
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  it('gives every tenant the default flows', async () => {
    const own = await flows();
    expect(own).toEqual([
      expect.objectContaining({ name: '新建门店审批', lowRisk: true, flowVersion: 1, status: 'ACTIVE' }),
    ]);
    expect(own[0].nodes[0]).toMatchObject({ seq: 1, approverType: 'CUSTOMER_OWNER_LEADER', mode: 'ANY' });
    const foreign = await result(call.get<Page<ApprovalFlow>>('t2admin', '/approval/flow/list'));
    expect(foreign.records.map((flow) => flow.id)).not.toContain(own[0].id);
    expect(foreign.total).toBeGreaterThan(0);
  });

  it("sends a rep's new outlet to their office's head at once, who approves it: the outlet is approved", async () => {
    const socket = new WebSocket(
      `${server.baseUrl.replace(/^http/, 'ws')}/websocket/${demoUserId('zhangwei')}`,
      tokens.zhangwei,
    );
    const pushed = new Promise<PushFrame>((resolve) =>
      socket.on('message', (data) => resolve(JSON.parse(data.toString()) as PushFrame)),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    const { id } = await addOutlet('zhaolei', '阿强便利店');
    expect(await pushed).toMatchObject({
      cmd: 'user',
      kind: 'approval',
      msgTxt: '待审批：新建门店：阿强便利店',
    });
    socket.close();

    expect((await result(call.get<{ pending: number }>('zhangwei', '/approval/pendingCount'))).pending).toBe(
      1,
    );
    const row = await taskOf('zhangwei', id);
    expect(row).toMatchObject({
      bizType: 'CUSTOMER_CREATE',
      initiatorName: '赵磊',
      orgName: '广州办事处',
      lowRisk: true,
    });
    const mine = await result(call.get<Page<ApprovalRecord>>('zhaolei', '/approval/mine/list'));
    expect(mine.records).toEqual([
      expect.objectContaining({ id: row.id, status: 'IN_PROGRESS', taskId: null }),
    ]);

    const seen = await detail('zhangwei', row.id);
    expect(seen.summary.fields).toContainEqual({ label: '门店名称', value: '阿强便利店' });
    expect(seen).toMatchObject({ myTaskId: row.taskId, canWithdraw: false });
    expect((await detail('zhaolei', row.id)).canWithdraw).toBe(true);

    const approved = await call.post('zhangwei', '/approval/approve', {
      taskId: row.taskId,
      comment: '位置属实',
    });
    expect(approved.body).toMatchObject({ success: true, result: { status: 'APPROVED' } });
    expect((await auditStatus(id)).audit_status).toBe('APPROVED');
    const done = await detail('zhaolei', row.id);
    expect(done.status).toBe('APPROVED');
    expect(done.logs.map((log) => log.action)).toEqual(['SUBMIT', 'APPROVE']);
    expect(done.logs[1]).toMatchObject({ actorName: '张伟', comment: '位置属实' });
    const handled = await result(
      call.get<Page<ApprovalRecord>>('zhangwei', '/approval/done/list?bizType=CUSTOMER_CREATE'),
    );
    expect(handled.records[0]).toMatchObject({ id: row.id, taskResult: 'APPROVED' });
    expect((await call.post('zhangwei', '/approval/approve', { taskId: row.taskId })).body).toMatchObject({
      success: false,
      code: 409,
    });
  });

  it('lets only the approver act on a task, only in their tenant, and only with the menu', async () => {
    const { id } = await addOutlet('zhaolei', '阿明食杂店');
    const row = await taskOf('zhangwei', id);
    expect((await call.post('admin', '/approval/approve', { taskId: row.taskId })).body).toMatchObject({
      success: false,
      code: 403,
      message: '这不是您的审批任务',
    });
    // The old audit screen goes through the same task.
    expect((await call.post('admin', '/eCustomer/audit', { id, action: 'APPROVE' })).body).toMatchObject({
      success: false,
      code: 403,
    });
    expect((await call.post('t2admin', '/approval/approve', { taskId: row.taskId })).body).toMatchObject({
      success: false,
      code: 404,
    });
    expect((await call.get('t2admin', `/approval/queryById?id=${row.id}`)).body).toMatchObject({ code: 404 });
    expect((await call.get('admin', `/approval/queryById?id=${row.id}`)).body).toMatchObject({ code: 404 });
    expect((await result(call.get<Page<ApprovalRecord>>('t2admin', '/approval/todo/list'))).total).toBe(0);
    expect((await call.get('wangfang', '/approval/todo/list')).status).toBe(403);
    expect((await call.post('zhaolei', '/approval/flow/add', {})).status).toBe(403);

    const noReason = await call.post('zhangwei', '/approval/reject', { taskId: row.taskId, comment: ' ' });
    expect(noReason.body).toMatchObject({ success: false, code: 400, message: '驳回须填写原因' });
    const rejected = await call.post('zhangwei', '/approval/reject', {
      taskId: row.taskId,
      comment: '重复门店',
    });
    expect(rejected.body).toMatchObject({ success: true, result: { status: 'REJECTED' } });
    expect(await auditStatus(id)).toEqual({ audit_status: 'REJECTED', audit_remark: '重复门店' });
    // 修改重提 on the audit screen starts a new approval.
    const resubmitted = await call.post('admin', '/eCustomer/audit', { id, action: 'RESUBMIT' });
    expect(resubmitted.body).toMatchObject({ success: true, result: { auditStatus: 'PENDING' } });
    expect((await taskOf('zhangwei', id)).id).not.toBe(row.id);
  });

  it('transfers a task to another user and lets the initiator withdraw', async () => {
    const { id } = await addOutlet('zhaolei', '阿华烟酒店');
    const row = await taskOf('zhangwei', id);
    const self = await call.post('zhangwei', '/approval/transfer', {
      taskId: row.taskId,
      toUserId: demoUserId('zhangwei'),
    });
    expect(self.body).toMatchObject({ success: false, message: '不能转交给自己' });
    const foreign = await call.post('zhangwei', '/approval/transfer', {
      taskId: row.taskId,
      toUserId: demoUserId('t2admin'),
    });
    expect(foreign.body).toMatchObject({ success: false, message: '转交对象不存在或已停用' });
    const moved = await call.post('zhangwei', '/approval/transfer', {
      taskId: row.taskId,
      toUserId: demoUserId('liuyang'),
      comment: '出差中',
    });
    expect(moved.body).toMatchObject({ success: true });
    expect((await todo('zhangwei')).map((record) => record.bizId)).not.toContain(id);
    const transferred = await taskOf('liuyang', id);
    const seen = await detail('liuyang', row.id);
    expect(seen.tasks.map((task) => task.result)).toEqual(['TRANSFERRED', 'PENDING']);
    expect(seen.logs[1]).toMatchObject({ action: 'TRANSFER', comment: '转交给 刘洋：出差中' });

    expect((await call.post('zhangwei', '/approval/withdraw', { id: row.id })).body).toMatchObject({
      code: 403,
      message: '只有发起人可以撤回',
    });
    const withdrawn = await call.post('zhaolei', '/approval/withdraw', { id: row.id });
    expect(withdrawn.body).toMatchObject({ success: true, result: { status: 'WITHDRAWN' } });
    expect(await auditStatus(id)).toEqual({ audit_status: 'REJECTED', audit_remark: '发起人已撤回' });
    expect((await detail('liuyang', row.id)).tasks.map((task) => task.result)).toEqual([
      'TRANSFERRED',
      'CANCELLED',
    ]);
    expect(
      (await call.post('liuyang', '/approval/approve', { taskId: transferred.taskId })).body,
    ).toMatchObject({
      code: 409,
    });
    expect((await call.post('zhaolei', '/approval/withdraw', { id: row.id })).body).toMatchObject({
      code: 409,
    });
  });

  it('chooses a flow by department; a 会签 node waits for every approver; running instances keep their version', async () => {
    const flow = await addFlow({
      name: '华南门店两级审批',
      conditions: { orgCodes: ['A01A02'] },
      nodes: [node({ name: '区域经理会签', mode: 'ALL' }), node({ name: '总部审批', approverRef: 'admin' })],
    });
    const { id } = await addOutlet('zhaolei', '华南一号店');
    const { id: elsewhere } = await addOutlet('admin', '总部直营店', 'A01');
    expect((await taskOf('admin', elsewhere)).flowName).toBe('新建门店审批');

    const first = await taskOf('zhangwei', id);
    expect(first.flowName).toBe('华南门店两级审批');
    // The flow is edited to one node while this instance runs.
    const edited = await result(
      call.put<{ flowVersion: number }>('admin', '/approval/flow/edit', {
        id: flow.id,
        bizType: 'CUSTOMER_CREATE',
        name: '华南门店两级审批',
        priority: 10,
        conditions: { orgCodes: ['A01A02'] },
        nodes: [node({ name: '区域经理会签', mode: 'ALL' })],
      }),
    );
    expect(edited.flowVersion).toBe(2);

    await result(call.post('zhangwei', '/approval/approve', { taskId: first.taskId }));
    expect((await detail('zhangwei', first.id)).status).toBe('IN_PROGRESS');
    expect((await auditStatus(id)).audit_status).toBe('PENDING');
    await result(call.post('liuyang', '/approval/approve', { taskId: (await taskOf('liuyang', id)).taskId }));
    const second = await detail('liuyang', first.id);
    expect(second).toMatchObject({ currentNodeSeq: 2, currentNodeName: '总部审批', flowVersion: 1 });
    expect(second.nodes).toHaveLength(2);
    await result(call.post('admin', '/approval/approve', { taskId: (await taskOf('admin', id)).taskId }));
    expect((await auditStatus(id)).audit_status).toBe('APPROVED');

    // A new submission takes version 2: one node.
    const { id: later } = await addOutlet('zhaolei', '华南二号店');
    expect((await detail('zhangwei', (await taskOf('zhangwei', later)).id)).nodes).toHaveLength(1);
    await disable(flow.id);
  });

  it('lets one of two 或签 approvers acting at once win; the other gets 409', async () => {
    const flow = await addFlow({ name: '区域经理或签', nodes: [node()] });
    const { id } = await addOutlet('zhaolei', '抢单便利店');
    const [zhangwei, liuyang] = [await taskOf('zhangwei', id), await taskOf('liuyang', id)];
    const answers = await Promise.all([
      call.post('zhangwei', '/approval/approve', { taskId: zhangwei.taskId }),
      call.post('liuyang', '/approval/reject', { taskId: liuyang.taskId, comment: '不符合' }),
    ]);
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
    expect(answers.find((answer) => !answer.body.success)?.body.code).toBe(409);
    const seen = await detail('zhangwei', zhangwei.id);
    expect(seen.tasks.filter((task) => task.result === 'PENDING')).toHaveLength(0);
    expect(seen.tasks.filter((task) => task.result === 'CANCELLED')).toHaveLength(1);
    await disable(flow.id);
  });

  it('applies a node timeout action from the periodic sweep', async () => {
    const flow = await addFlow({
      name: '超时自动通过',
      nodes: [node({ timeoutHours: 2, timeoutAction: 'APPROVE' }), node({ name: '提醒', timeoutHours: 1 })],
    });
    const { id } = await addOutlet('zhaolei', '超时便利店');
    const row = await taskOf('zhangwei', id);
    const db = testDatabase.database.db;
    expect(await runApprovalTimeouts(db, new Date(Date.now() + 3_600_000))).toEqual([]);
    const first = await runApprovalTimeouts(db, new Date(Date.now() + 3 * 3_600_000));
    // Node 1 approved by the system; node 2 opens for both managers, not yet overdue.
    expect(first).toEqual([expect.objectContaining({ instanceId: row.id })]);
    const seen = await detail('zhaolei', row.id);
    expect(seen.logs.map((log) => log.action)).toEqual(['SUBMIT', 'TIMEOUT_APPROVE']);
    expect(seen.logs[1].actorName).toBe('系统');
    expect(seen.currentNodeSeq).toBe(2);
    // NONE: the approvers are reminded once, the task stays theirs.
    const reminders = await runApprovalTimeouts(db, new Date(Date.now() + 5 * 3_600_000));
    expect(reminders.flatMap((notice) => notice.userIds).sort()).toEqual(
      [demoUserId('liuyang'), demoUserId('zhangwei')].sort(),
    );
    expect(await runApprovalTimeouts(db, new Date(Date.now() + 9 * 3_600_000))).toEqual([]);
    expect((await auditStatus(id)).audit_status).toBe('PENDING');
    await disable(flow.id);
  });

  it('approves low-risk tasks in a batch and refuses the others one by one', async () => {
    const { id: lowRisk } = await addOutlet('zhaolei', '批量一号店');
    const flow = await addFlow({ name: '需逐条审批', nodes: [node()] });
    const { id: careful } = await addOutlet('zhaolei', '批量二号店');
    const tasks = [(await taskOf('zhangwei', lowRisk)).taskId, (await taskOf('zhangwei', careful)).taskId];
    const batch = await call.post('zhangwei', '/approval/approveBatch', { taskIds: tasks });
    expect(batch.body).toMatchObject({
      success: true,
      result: { approved: 1, failed: [{ taskId: tasks[1], message: '该审批类型不允许批量审批' }] },
    });
    expect((await auditStatus(lowRisk)).audit_status).toBe('APPROVED');
    expect((await auditStatus(careful)).audit_status).toBe('PENDING');
    await disable(flow.id);
  });

  it('checks a flow before saving it', async () => {
    const badRole = await call.post('admin', '/approval/flow/add', {
      bizType: 'CUSTOMER_CREATE',
      name: '坏流程',
      nodes: [node({ approverRef: 'nobody' })],
    });
    expect(badRole.body).toMatchObject({
      success: false,
      code: 400,
      message: '第1个节点：请选择存在的审批角色',
    });
    const badRange = await call.post('admin', '/approval/flow/add', {
      bizType: 'ORDER_CREDIT',
      name: '坏条件',
      conditions: { amountMin: 10, amountMax: 5 },
      nodes: [node()],
    });
    expect(badRange.body).toMatchObject({ success: false, message: '金额下限须小于上限' });
    const noNodes = await call.post('admin', '/approval/flow/add', {
      bizType: 'RETURN',
      name: '空',
      nodes: [],
    });
    expect(noNodes.status).toBe(400);
    const foreign = await call.put('t2admin', '/approval/flow/status', {
      id: (await flows())[0].id,
      status: 'DISABLED',
    });
    expect(foreign.body).toMatchObject({ code: 404 });
  });
});
