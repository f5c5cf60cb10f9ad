import sharp from 'sharp';
import type { Page } from '../../common/contract';
import type { ApprovalDetail, ApprovalRecord } from '../../common/approvals';
import { apiClient, loginAs } from './support/auth';
import { testBackends } from './support/database';
import {
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  queryString,
  type BusinessTestbed,
  type Caller,
} from './support/business';

interface RequestDetail {
  id: string;
  requestNo: string;
  status: string;
  totalCost: string;
  requesterId: string;
  lines: Array<{
    id: string;
    materialId: string;
    requestedQty: number;
    approvedQty: number;
    issuedQty: number;
    receivedQty: number;
  }>;
  budgetUsed: { amount: string; count: number };
  approvalId: string | null;
}

/** zhaolei: a field rep of 广州办事处, whose head is zhangwei. */
type Who = Caller | 'zhaolei';

describe.each(testBackends())('POSM materials on %s', (backend) => {
  let bed: BusinessTestbed;
  let repToken: string;
  let png: ArrayBuffer;
  let gzWarehouse: string;
  let hqWarehouse: string;
  let poster: string;
  let cup: string;
  let serial = 0;

  const call = async <T>(who: Who, method: 'get' | 'post' | 'put', path: string, body?: unknown) => {
    if (who !== 'zhaolei') {
      return method === 'get' ? bed.get<T>(who, path) : bed[method]<T>(who, path, body);
    }
    const client = apiClient(bed.server.baseUrl);
    return method === 'get' ? client.get<T>(path, repToken) : client[method]<T>(path, body, repToken);
  };
  const get = <T>(who: Who, path: string, query: Record<string, string> = {}) =>
    ok(call<T>(who, 'get', `${path}${queryString(query)}`));
  const post = <T = { id: string }>(who: Who, path: string, body: unknown) =>
    ok(call<T>(who, 'post', path, body));
  const refused = async (who: Who, path: string, body: unknown, method: 'post' | 'put' = 'post') =>
    (await call(who, method, path, body)).body;
  const detail = (id: string, who: Who = 'admin') =>
    get<RequestDetail>(who, '/ePosm/request/queryById', { id });
  const stockOf = async (warehouseId: string, materialId: string) => {
    const page = await get<Page<{ materialId: string; qty: number }>>('admin', '/ePosm/stock/list', {
      warehouseId,
      materialId,
    });
    return page.records.find((row) => row.materialId === materialId)?.qty ?? 0;
  };
  const newPhoto = async (bizType = 'POSM_REQUEST') =>
    (
      await ok(
        bed.upload<{ id: string }>('admin', '/sys/attachment/upload', `p${++serial}.png`, png, {
          bizType,
          kind: 'OTHER',
        }),
      )
    ).id;
  /** A request of zhaolei's for himself, submitted. */
  const submitted = async (lines: Array<{ materialId: string; qty: number }>) => {
    const draft = await post<{ id: string; requestNo: string }>('zhaolei', '/ePosm/request/add', {
      purpose: 'DISPLAY',
      targetType: 'SELF',
      lines,
    });
    await post('zhaolei', '/ePosm/request/submit', { id: draft.id });
    return draft;
  };
  const approve = (id: string, lines?: Array<{ lineId: string; approvedQty: number }>) =>
    post<{ status: string }>('zhangwei', '/ePosm/request/approve', { id, lines });

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    repToken = await loginAs(apiClient(bed.server.baseUrl), 'zhaolei');
    const bytes = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    png = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { db } = bed.testDatabase.database;
    const warehouseIn = async (orgCode: string) =>
      (
        await db
          .selectFrom('warehouses')
          .select('id')
          .where('tenant_id', '=', 'A01')
          .where('org_code', '=', orgCode)
          .where('status', '=', 'ACTIVE')
          .orderBy('code')
          .executeTakeFirstOrThrow()
      ).id;
    gzWarehouse = await warehouseIn('A01A02A01');
    hqWarehouse = await warehouseIn('A01');
    poster = (
      await post('admin', '/ePosm/material/add', {
        materialCode: `T-POSTER-${backend}`,
        name: '测试新品海报',
        category: 'POSTER',
        spec: '60×90cm',
        unit: '张',
        unitCost: 2.5,
        photoIds: [await newPhoto('POSM_MATERIAL')],
      })
    ).id;
    cup = (
      await post('admin', '/ePosm/material/add', {
        materialCode: `T-CUP-${backend}`,
        name: '测试试饮杯',
        category: 'TASTING_CUP',
        unit: '个',
        unitCost: 0.3,
      })
    ).id;
  });
  afterAll(() => bed.close());

  it('keeps a catalogue: a repeated code is refused in Chinese, and only posm:material edits it', async () => {
    const again = await refused('admin', '/ePosm/material/add', {
      materialCode: `T-POSTER-${backend}`,
      name: '重复',
      category: 'POSTER',
      unit: '张',
      unitCost: 1,
    });
    expect(again).toMatchObject({ code: 409, message: `物料编码 T-POSTER-${backend} 已存在` });
    expect(await call('zhaolei', 'post', '/ePosm/material/add', { materialCode: 'X' })).toEqual(FORBIDDEN);
    const page = await get<Page<{ id: string; photoIds: string[] }>>('admin', '/ePosm/material/list', {
      materialCode: `T-POSTER-${backend}`,
    });
    expect(page.records[0].photoIds).toHaveLength(1);
  });

  it('moves stock in, out and to a counted quantity, never below zero', async () => {
    await post('admin', '/ePosm/stock/move', {
      warehouseId: gzWarehouse,
      materialId: poster,
      moveType: 'IN',
      qty: 100,
    });
    expect(await stockOf(gzWarehouse, poster)).toBe(100);
    expect(
      await refused('admin', '/ePosm/stock/move', {
        warehouseId: gzWarehouse,
        materialId: poster,
        moveType: 'OUT',
        qty: 5,
      }),
    ).toMatchObject({ code: 400, message: '出库须填写原因' });
    expect(
      await refused('admin', '/ePosm/stock/move', {
        warehouseId: gzWarehouse,
        materialId: poster,
        moveType: 'OUT',
        qty: 101,
        remark: '报损',
      }),
    ).toMatchObject({ code: 409, message: '物料「测试新品海报」库存不足：现有 100，需要 101' });
    await post('admin', '/ePosm/stock/move', {
      warehouseId: gzWarehouse,
      materialId: poster,
      moveType: 'ADJUST',
      qty: 80,
      remark: '月末盘点',
    });
    expect(await stockOf(gzWarehouse, poster)).toBe(80);
    await post('admin', '/ePosm/stock/move', {
      warehouseId: gzWarehouse,
      materialId: cup,
      moveType: 'IN',
      qty: 500,
    });
    const moves = await get<Page<{ moveType: string; qty: number; balance: number }>>(
      'admin',
      '/ePosm/stock/movements',
      {
        warehouseId: gzWarehouse,
        materialId: poster,
      },
    );
    expect(moves.records.map((move) => [move.moveType, move.qty, move.balance])).toEqual([
      ['ADJUST', -20, 80],
      ['IN', 100, 100],
    ]);
    // zhangwei's scope is his offices: the head office's warehouse is not his.
    expect(
      await refused('zhangwei', '/ePosm/stock/move', {
        warehouseId: hqWarehouse,
        materialId: poster,
        moveType: 'IN',
        qty: 1,
      }),
    ).toMatchObject({ code: 403 });
  });

  it('runs a request from draft to closed: cut at approval with the budget in view, issued, received, verified', async () => {
    for (const materialId of [poster, cup]) {
      await post('admin', '/ePosm/stock/move', {
        warehouseId: gzWarehouse,
        materialId,
        moveType: 'IN',
        qty: 200,
      });
    }
    const draft = await post<{ id: string; requestNo: string }>('zhaolei', '/ePosm/request/add', {
      purpose: 'NEW_PRODUCT',
      targetType: 'SELF',
      lines: [
        { materialId: poster, qty: 20 },
        { materialId: cup, qty: 100 },
      ],
    });
    const used = (await detail(draft.id, 'zhaolei')).budgetUsed;
    const before = await detail((await submitted([{ materialId: cup, qty: 1 }])).id, 'zhangwei');
    await approve(before.id);
    const usedNow = { amount: (Number(used.amount) + 0.3).toFixed(2), count: used.count + 1 };
    let request = await detail(draft.id, 'zhaolei');
    expect(request).toMatchObject({ status: 'DRAFT', totalCost: '80.00' });
    // Only the requester submits; nothing is issued before the approval.
    expect(await refused('zhangwei', '/ePosm/request/submit', { id: draft.id })).toMatchObject({ code: 403 });
    await post('zhaolei', '/ePosm/request/submit', { id: draft.id });
    expect(
      await refused('zhangwei', '/ePosm/request/issue', { id: draft.id, warehouseId: gzWarehouse }),
    ).toMatchObject({ code: 409, message: '当前状态为「审批中」，不能出库' });
    expect(
      await refused(
        'zhaolei',
        '/ePosm/request/edit',
        {
          id: draft.id,
          purpose: 'NEW_PRODUCT',
          targetType: 'SELF',
          lines: [{ materialId: poster, qty: 1 }],
        },
        'put',
      ),
    ).toMatchObject({ code: 409, message: '当前状态为「审批中」，不能编辑' });

    // The approval drawer: the department's budget of the month, the lines the approver may cut.
    const todo = await get<Page<ApprovalRecord>>('zhangwei', '/approval/todo/list', {
      bizNo: draft.requestNo,
    });
    const approval = await get<ApprovalDetail>('zhangwei', `/approval/queryById`, { id: todo.records[0].id });
    expect(approval.summary.fields).toContainEqual({
      label: '部门本月已用',
      value: `¥${usedNow.amount}（${usedNow.count} 单）`,
    });
    request = await detail(draft.id, 'zhangwei');
    expect(request.budgetUsed).toEqual(usedNow);
    const posterLine = request.lines.find((line) => line.materialId === poster)!;
    const cupLine = request.lines.find((line) => line.materialId === cup)!;
    expect(
      await refused('zhangwei', '/ePosm/request/approve', {
        id: draft.id,
        lines: [{ lineId: posterLine.id, approvedQty: 21 }],
      }),
    ).toMatchObject({
      code: 400,
      message: '「测试新品海报」核准数量不能超过申请数量 20',
    });
    // Someone without a task on it may not approve (the requester himself holds none).
    expect(await refused('admin', '/ePosm/request/approve', { id: draft.id })).toMatchObject({ code: 403 });
    await approve(draft.id, [{ lineId: posterLine.id, approvedQty: 12 }]);
    request = await detail(draft.id);
    expect(request).toMatchObject({ status: 'APPROVED', totalCost: '60.00' });
    expect(request.lines.find((line) => line.id === posterLine.id)).toMatchObject({
      requestedQty: 20,
      approvedQty: 12,
    });
    expect(request.lines.find((line) => line.id === cupLine.id)).toMatchObject({ approvedQty: 100 });

    // The pick list, then the issue: the stock falls by what was approved.
    const picks = await get<{
      lines: Array<{ approvedQty: number; stock: Array<{ warehouseId: string; qty: number }> }>;
    }>('zhangwei', '/ePosm/request/pickList', { id: draft.id });
    expect(picks.lines.map((line) => line.approvedQty).sort((a, b) => a - b)).toEqual([12, 100]);
    const postersBefore = await stockOf(gzWarehouse, poster);
    await post('zhangwei', '/ePosm/request/issue', { id: draft.id, warehouseId: gzWarehouse });
    expect(await stockOf(gzWarehouse, poster)).toBe(postersBefore - 12);
    expect(
      await refused('zhangwei', '/ePosm/request/issue', { id: draft.id, warehouseId: gzWarehouse }),
    ).toMatchObject({
      code: 409,
    });

    // The receipt is the requester's (the request is for himself: a dealer's clerk cannot sign it).
    expect(await refused('zhangwei', '/ePosm/request/receive', { id: draft.id })).toMatchObject({
      code: 403,
      message: '只有申请人或经销商可以签收',
    });
    expect(
      await refused('zhaolei', '/ePosm/request/receive', {
        id: draft.id,
        lines: [{ lineId: cupLine.id, receivedQty: 101 }],
      }),
    ).toMatchObject({ code: 400 });
    await post('zhaolei', '/ePosm/request/receive', {
      id: draft.id,
      lines: [{ lineId: cupLine.id, receivedQty: 98 }],
    });
    request = await detail(draft.id);
    expect(request.lines.find((line) => line.id === cupLine.id)).toMatchObject({
      issuedQty: 100,
      receivedQty: 98,
    });
    expect(await refused('zhaolei', '/ePosm/request/verify', { id: draft.id, photoIds: [] })).toMatchObject({
      code: 400,
    });
    await post('zhaolei', '/ePosm/request/verify', { id: draft.id, photoIds: [await newPhoto()] });
    await post('zhaolei', '/ePosm/request/close', { id: draft.id });
    expect((await detail(draft.id)).status).toBe('CLOSED');
    expect(await refused('zhaolei', '/ePosm/request/cancel', { id: draft.id })).toMatchObject({
      code: 409,
      message: '当前状态为「已关闭」，不能撤销',
    });
    const history = await get<Array<{ content: string }>>('admin', '/sys/changeHistory/list', {
      bizType: 'MATERIAL_REQUEST',
      bizId: draft.id,
    });
    expect(history.map((entry) => entry.content)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('出库'),
        expect.stringContaining('签收'),
        expect.stringContaining('关闭'),
      ]),
    );
  });

  it('rejects, resubmits, withdraws and cancels', async () => {
    const first = await submitted([{ materialId: poster, qty: 2 }]);
    const todo = await get<Page<ApprovalRecord>>('zhangwei', '/approval/todo/list', {
      bizNo: first.requestNo,
    });
    await post('zhangwei', '/approval/reject', { taskId: todo.records[0].taskId, comment: '本月预算不足' });
    expect((await detail(first.id)).status).toBe('REJECTED');
    await post('zhaolei', '/ePosm/request/submit', { id: first.id });
    expect((await detail(first.id)).status).toBe('PENDING_APPROVAL');
    await post('zhaolei', '/ePosm/request/cancel', { id: first.id, reason: '活动取消' });
    expect((await detail(first.id)).status).toBe('CANCELLED');
    const again = await get<Page<ApprovalRecord>>('zhangwei', '/approval/todo/list', {
      bizNo: first.requestNo,
    });
    expect(again.records).toHaveLength(0);
    const draft = await post<{ id: string }>('zhaolei', '/ePosm/request/add', {
      purpose: 'REPLENISH',
      targetType: 'OUTLET',
      targetIds: [],
      lines: [{ materialId: poster, qty: 1 }],
    }).catch((error: Error) => error);
    expect(String(draft)).toContain('请选择发放的门店');
  });

  it('issues under concurrency without the stock going negative', async () => {
    await post('admin', '/ePosm/stock/move', {
      warehouseId: gzWarehouse,
      materialId: poster,
      moveType: 'ADJUST',
      qty: 5,
      remark: '并发测试',
    });
    const a = await submitted([{ materialId: poster, qty: 3 }]);
    const b = await submitted([{ materialId: poster, qty: 3 }]);
    await approve(a.id);
    await approve(b.id);
    const answers = await Promise.all(
      [a, b].map((each) =>
        call('zhangwei', 'post', '/ePosm/request/issue', { id: each.id, warehouseId: gzWarehouse }),
      ),
    );
    const codes = answers.map((answer) => (answer.body as { code: number }).code).sort();
    expect(codes).toEqual([200, 409]);
    expect(await stockOf(gzWarehouse, poster)).toBe(2);
    const statuses = [(await detail(a.id)).status, (await detail(b.id)).status].sort();
    expect(statuses).toEqual(['APPROVED', 'ISSUED']);
  });

  it('keeps requests in their tenant and data scope', async () => {
    const mine = await post<{ id: string }>('admin', '/ePosm/request/add', {
      purpose: 'STORE_OPENING',
      targetType: 'SELF',
      lines: [{ materialId: cup, qty: 10 }],
    });
    // admin's request is of the head office: outside zhangwei's offices, and of another tenant for t2admin.
    expect((await call('zhangwei', 'get', `/ePosm/request/queryById?id=${mine.id}`)).body).toMatchObject({
      code: 404,
    });
    expect((await call('t2admin', 'get', `/ePosm/request/queryById?id=${mine.id}`)).body).toMatchObject({
      code: 404,
    });
    const theirs = await get<Page<{ id: string }>>('t2admin', '/ePosm/request/list');
    expect(theirs.records.map((row) => row.id)).not.toContain(mine.id);
    const zhangweis = await get<Page<{ id: string; orgCode: string }>>('zhangwei', '/ePosm/request/list', {
      pageSize: '100',
    });
    expect(zhangweis.records.every((row) => row.orgCode.startsWith('A01A0'))).toBe(true);
    expect(await call('wangfang', 'get', '/ePosm/request/list')).toEqual(FORBIDDEN);
    expect(
      (
        await call('t2admin', 'post', '/ePosm/stock/move', {
          warehouseId: gzWarehouse,
          materialId: poster,
          moveType: 'IN',
          qty: 1,
        })
      ).body,
    ).toMatchObject({ code: 404 });
    const exported = await bed.download('admin', '/ePosm/request/exportXls');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
  });
});
