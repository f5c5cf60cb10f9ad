// A local stand-in for both ERPs, registered under /sim/erp outside production: the K3Cloud WebAPI
// (/sim/erp/kingdee/k3cloud/…) and the T+ OpenAPI (/sim/erp/tplus/…) as the real clients call them, with
// their idempotency (one bill per bill number / ExternalCode) and session rules: sales bills, customer
// archives, and the receipts and refunds of payments (K3Cloud AR_RECEIVEBILL / AR_REFUNDBILL, T+ ReceiveVoucher).
// A control endpoint makes it misbehave on purpose — fail the next calls with a category (of one form only, in
// words of the test's), disable a customer code, expire the sessions, answer too late — so failures, retries
// and the counters can be watched end to end. State lives in memory.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErpSyncErrorCategory, ErpSystemType } from '../../db/schema';
import { PUBLIC } from '../simulatorPages';

export const ERP_SIMULATOR_PREFIX = '/sim/erp';
/** Base URLs of the simulated ERPs relative to this server (a connection may store them as they are). */
export const SIMULATED_BASE_URLS: Record<ErpSystemType, string> = {
  KINGDEE_K3CLOUD: `${ERP_SIMULATOR_PREFIX}/kingdee/k3cloud`,
  CHANJET_TPLUS: `${ERP_SIMULATOR_PREFIX}/tplus`,
};
/** The only credentials the simulator accepts. */
export const SIMULATED_ERP_CREDENTIALS = {
  appId: 'sim-erp-app',
  appSecret: 'sim-erp-secret',
  userName: 'administrator',
} as const;

type Category = Exclude<ErpSyncErrorCategory, 'AUTH' | 'NETWORK'>;

/** What each ERP says for an injected failure of a category. */
const MESSAGES: Record<Category, (code: string) => string> = {
  MAPPING: (code) => `编码为"${code}"的物料不存在`,
  MASTER_DATA: (code) => `客户"${code}"已禁用，不允许保存`,
  PRICE: () => '第1行分录的含税单价为0，请检查价目表',
  STOCK: (code) => `物料"${code}"库存不足`,
  DUPLICATE: (code) => `单据编号"${code}"已经存在`,
  BUSINESS: () => '销售员不属于当前销售组织',
};

/** Prices and amounts agree within the rounding of a unit price (half a cent a unit, a cent more). */
const agrees = (price: number, qty: number, amount: number) =>
  Math.abs(price * qty - amount) <= Math.abs(qty) * 0.005 + 0.01;

/** What the ERP says of a discounted line whose numbers do not add up, or null when they do. */
function discountRefusal(system: ErpSystemType, model: Record<string, unknown>): string | null {
  const entries = (model.FSaleOrderEntry ??
    model.SaleOrderDetails ??
    model.SaleDeliveryDetails ??
    []) as Array<Record<string, number | undefined>>;
  for (const [index, entry] of entries.entries()) {
    if (system === 'KINGDEE_K3CLOUD' && entry.FAllAmount !== undefined) {
      const { FTaxPrice = 0, FQty = 0, FDiscount = 0, FAllAmount } = entry;
      if (!agrees(FTaxPrice, FQty, FAllAmount + FDiscount))
        return `第${index + 1}行分录的价税合计${FAllAmount}与含税单价、折扣额不符`;
    }
    if (system === 'CHANJET_TPLUS' && entry.OrigDiscount !== undefined) {
      const { OrigTaxPrice = 0, Quantity = 0, OrigTaxAmount = 0, OrigPrice = 0, OrigDiscount } = entry;
      if (
        !agrees(OrigTaxPrice, Quantity, OrigTaxAmount) ||
        !agrees(OrigPrice, Quantity, OrigTaxAmount + OrigDiscount)
      )
        return `第${index + 1}行明细的含税金额${OrigTaxAmount}与单价、折扣金额不符`;
    }
  }
  return null;
}

export interface SimulatorControl {
  action: 'failNext' | 'timeoutNext' | 'disableCustomer' | 'enableCustomer' | 'expireSessions' | 'reset';
  system?: ErpSystemType;
  count?: number;
  category?: ErpSyncErrorCategory;
  code?: string;
  delayMs?: number;
  /** failNext: only the saves of this form fail (AR_RECEIVEBILL, ReceiveVoucher…); any business save otherwise. */
  formId?: string;
  /** failNext: what the ERP says instead of its usual message for the category. */
  message?: string;
}

interface Bill {
  id: number;
  formId: string;
  number: string;
  externalCode?: string;
  documentStatus: 'A' | 'B' | 'C' | 'D';
  customerCode?: string;
  /** Receipts and refunds: the 结算方式 code and the amount (a T+ refund's is negative). */
  settleTypeCode?: string;
  amount?: number;
  model: unknown;
}

interface Failure {
  category: ErpSyncErrorCategory;
  formId?: string;
  message?: string;
}

/**
 * The settle type and amount of a receipt or refund bill, whichever ERP's, and what the ERP says when they will not
 * do (no settle type; no amount, or a negative one on a K3Cloud bill — a T+ refund is a negative receipt).
 * Undefined for other bills.
 */
function moneyOf(model: Record<string, unknown>) {
  const kingdee = (model.FRECEIVEBILLENTRY ?? model.FREFUNDBILLENTRY) as
    Array<Record<string, { FNumber?: string } | number | undefined>> | undefined;
  const tplus = model.ArapMultiSettleDetails as
    Array<Record<string, { Code?: string } | number | undefined>> | undefined;
  if (!kingdee && !tplus) return undefined;
  const settleTypeCode = kingdee
    ? (kingdee[0]?.FSETTLETYPEID as { FNumber?: string } | undefined)?.FNumber
    : (tplus![0]?.SettleStyle as { Code?: string } | undefined)?.Code;
  const amount = kingdee
    ? kingdee.reduce((sum, entry) => sum + Number(entry.FRECTOTALAMOUNTFOR ?? entry.FREFUNDAMOUNTFOR ?? 0), 0)
    : Number(model.OrigAmount ?? 0);
  const refusal = !settleTypeCode
    ? '第1行明细的结算方式不能为空'
    : !Number.isFinite(amount) || amount === 0 || (kingdee && amount < 0)
      ? `收款金额${amount}无效`
      : null;
  return { settleTypeCode, amount, refusal };
}

interface SystemState {
  failures: Failure[];
  timeouts: number[];
  sessions: Set<string>;
  bills: Map<string, Bill>;
  calls: Record<string, number>;
}

const newState = (): SystemState => ({
  failures: [],
  timeouts: [],
  sessions: new Set(),
  bills: new Map(),
  calls: {},
});

export async function erpSimulator(app: FastifyInstance): Promise<void> {
  const systems: Record<ErpSystemType, SystemState> = {
    KINGDEE_K3CLOUD: newState(),
    CHANJET_TPLUS: newState(),
  };
  const disabledCustomers = new Set<string>();
  let nextId = 100001;

  /**
   * Counts the call, sleeps when told to answer late; answers an injected failure, if one is due (one meant for
   * a form waits for a business call of that form).
   */
  async function intercept(system: ErpSystemType, call: string, business: boolean, form?: string) {
    const state = systems[system];
    state.calls[call] = (state.calls[call] ?? 0) + 1;
    const delay = state.timeouts.shift();
    if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
    const due = state.failures[0];
    if (!due) return undefined;
    const applies =
      due.formId !== undefined
        ? business && form === due.formId
        : due.category === 'NETWORK' || (due.category === 'AUTH' ? call === 'login' : business);
    if (!applies) return undefined;
    state.failures.shift();
    return due;
  }

  /** What the ERP says for an injected business failure. */
  const injectedMessage = (failure: Failure, code: string) =>
    failure.message ?? MESSAGES[failure.category as Category]?.(code) ?? '业务校验失败';

  app.post<{ Body: SimulatorControl }>('/control', { config: PUBLIC }, async (request) => {
    const {
      action,
      system,
      count = 1,
      category = 'BUSINESS',
      code,
      delayMs = 30_000,
      formId,
      message,
    } = request.body ?? {};
    const targets = system ? [systems[system]] : Object.values(systems);
    for (const state of targets) {
      if (action === 'failNext') {
        for (let index = 0; index < count; index += 1) state.failures.push({ category, formId, message });
        if (category === 'AUTH') state.sessions.clear();
      }
      if (action === 'timeoutNext')
        for (let index = 0; index < count; index += 1) state.timeouts.push(delayMs);
      if (action === 'expireSessions') state.sessions.clear();
      if (action === 'reset') Object.assign(state, newState());
    }
    if (action === 'disableCustomer' && code) disabledCustomers.add(code);
    if (action === 'enableCustomer' && code) disabledCustomers.delete(code);
    if (action === 'reset') disabledCustomers.clear();
    return { success: true };
  });

  app.get('/state', { config: PUBLIC }, async () => ({
    disabledCustomers: [...disabledCustomers],
    systems: Object.fromEntries(
      Object.entries(systems).map(([name, state]) => [
        name,
        { bills: [...state.bills.values()], calls: state.calls, pendingFailures: state.failures.length },
      ]),
    ),
  }));

  // ---- Kingdee K3Cloud ----
  const kingdee = systems.KINGDEE_K3CLOUD;
  const K3 = `/kingdee/k3cloud/Kingdee.BOS.WebApi.ServicesStub`;
  const k3Status = (isSuccess: boolean, extra: object = {}) => ({
    Result: {
      ResponseStatus: {
        IsSuccess: isSuccess,
        Errors: [],
        SuccessEntitys: [],
        SuccessMessages: [],
        MsgCode: 0,
        ...extra,
      },
    },
  });
  const k3Error = (message: string, msgCode = 0, fieldName: string | null = null) =>
    k3Status(false, {
      ErrorCode: 500,
      MsgCode: msgCode,
      Errors: [{ FieldName: fieldName, Message: message, DIndex: 0 }],
    });

  app.post<{ Body: Record<string, unknown> }>(
    `${K3}.AuthService.LoginByAppSecret.common.kdsvc`,
    { config: PUBLIC },
    async (request, reply) => {
      const injected = (await intercept('KINGDEE_K3CLOUD', 'login', false))?.category;
      if (injected === 'NETWORK') return reply.code(503).send('Service Unavailable');
      const body = request.body ?? {};
      if (
        injected === 'AUTH' ||
        body.appid !== SIMULATED_ERP_CREDENTIALS.appId ||
        body.appsecret !== SIMULATED_ERP_CREDENTIALS.appSecret
      ) {
        return { LoginResultType: 0, Message: '用户名或密码错误，或应用未授权', KDSVCSessionId: null };
      }
      const session = randomBytes(12).toString('hex');
      kingdee.sessions.add(session);
      reply.header('set-cookie', [
        `kdservice-sessionid=${session}; Path=/`,
        `ASP.NET_SessionId=${session}; Path=/`,
      ]);
      return { LoginResultType: 1, Message: null, KDSVCSessionId: session };
    },
  );

  const sessionOf = (request: FastifyRequest) =>
    /kdservice-sessionid=([0-9a-f]+)/.exec(request.headers.cookie ?? '')?.[1];

  app.post<{ Params: { operation: string }; Body: { formid?: string; data?: Record<string, unknown> } }>(
    `${K3}.DynamicFormService.:operation`,
    { config: PUBLIC },
    async (request, reply: FastifyReply) => {
      const operation = request.params.operation.replace(/\.common\.kdsvc$/, '');
      const session = sessionOf(request);
      const signedIn = session !== undefined && kingdee.sessions.has(session);
      const { formid = '', data = {} } = request.body ?? {};
      // An injected business failure waits for a call that gets past the session check.
      const injected = await intercept(
        'KINGDEE_K3CLOUD',
        operation,
        signedIn && operation === 'Save',
        formid,
      );
      if (injected?.category === 'NETWORK') return reply.code(503).send('Service Unavailable');
      if (!signedIn) return k3Error('会话信息已丢失，请重新登录', 1);
      if (operation === 'ExecuteBillQuery') {
        const number = /FBillNo='([^']*)'/.exec(String(data.FilterString ?? ''))?.[1];
        const bill = kingdee.bills.get(`${data.FormId}|${number}`);
        return bill ? [[bill.id, bill.number, bill.documentStatus]] : [];
      }
      const model = (data.Model ?? {}) as {
        FBillNo?: string;
        FNumber?: string;
        FCustId?: { FNumber?: string };
        FCONTACTUNIT?: { FNumber?: string };
      };
      // The customer of a bill: 客户 of the sales bills, 往来单位 of the receivables'.
      const customerCode =
        formid === 'BD_Customer' ? model.FNumber : (model.FCustId ?? model.FCONTACTUNIT)?.FNumber;
      if (injected) return k3Error(injectedMessage(injected, customerCode ?? model.FBillNo ?? ''));
      if (operation === 'Save') {
        if (customerCode && disabledCustomers.has(customerCode)) {
          return k3Error(MESSAGES.MASTER_DATA(customerCode), 0, 'FCustId');
        }
        const refusal = discountRefusal('KINGDEE_K3CLOUD', model as Record<string, unknown>);
        if (refusal) return k3Error(refusal, 0, 'FAllAmount');
        const money = moneyOf(model as Record<string, unknown>);
        if (money?.refusal) return k3Error(money.refusal, 0, 'FSETTLETYPEID');
        const number = model.FBillNo ?? model.FNumber ?? `SIM${nextId}`;
        if (kingdee.bills.has(`${formid}|${number}`))
          return k3Error(MESSAGES.DUPLICATE(number), 0, 'FBillNo');
        const bill: Bill = {
          id: nextId++,
          formId: formid,
          number,
          documentStatus: 'A',
          customerCode,
          settleTypeCode: money?.settleTypeCode,
          amount: money?.amount,
          model,
        };
        kingdee.bills.set(`${formid}|${number}`, bill);
        return k3Status(true, { SuccessEntitys: [{ Id: bill.id, Number: bill.number, DIndex: 0 }] });
      }
      const numbers = (data.Numbers ?? []) as string[];
      const bills = numbers.map((number) => kingdee.bills.get(`${formid}|${number}`));
      const missing = numbers.find((_, index) => !bills[index]);
      if (missing !== undefined || bills.length === 0) return k3Error(`单据"${missing ?? ''}"不存在`);
      const transitions: Record<
        string,
        [from: string[], to: Bill['documentStatus'] | null, refusal: string]
      > = {
        Submit: [['A', 'D'], 'B', '单据不是创建或重新审核状态，不能提交'],
        Audit: [['B'], 'C', '单据未提交，不能审核'],
        UnAudit: [['C'], 'D', '单据未审核，不能反审核'],
        Delete: [['A', 'D'], null, '已提交或已审核的单据不能删除'],
      };
      const transition = transitions[operation];
      if (!transition) return k3Error(`不支持的操作${operation}`);
      const [from, to, refusal] = transition;
      for (const bill of bills as Bill[]) {
        if (!from.includes(bill.documentStatus)) return k3Error(refusal);
      }
      for (const bill of bills as Bill[]) {
        if (to === null) kingdee.bills.delete(`${formid}|${bill.number}`);
        else bill.documentStatus = to;
      }
      return k3Status(true, {
        SuccessEntitys: (bills as Bill[]).map((bill, index) => ({
          Id: bill.id,
          Number: bill.number,
          DIndex: index,
        })),
      });
    },
  );

  // ---- Chanjet T+ ----
  const tplus = systems.CHANJET_TPLUS;
  app.post<{ Body: Record<string, unknown> }>(
    '/tplus/api/auth/token',
    { config: PUBLIC },
    async (request, reply) => {
      const injected = (await intercept('CHANJET_TPLUS', 'login', false))?.category;
      if (injected === 'NETWORK') return reply.code(503).send('Service Unavailable');
      const body = request.body ?? {};
      if (
        injected === 'AUTH' ||
        body.appKey !== SIMULATED_ERP_CREDENTIALS.appId ||
        body.appSecret !== SIMULATED_ERP_CREDENTIALS.appSecret
      ) {
        return reply.code(401).send({ code: 'EAUTH0001', message: 'appKey或appSecret错误，授权失败' });
      }
      const token = randomBytes(12).toString('hex');
      tplus.sessions.add(token);
      return { access_token: token, expires_in: 7200 };
    },
  );

  app.post<{
    Params: { form: string; operation: string };
    Body: Record<string, Record<string, unknown> | undefined>;
  }>('/tplus/api/:form/:operation', { config: PUBLIC }, async (request, reply) => {
    const { form, operation } = request.params;
    const injected = await intercept('CHANJET_TPLUS', operation, operation === 'Create', form);
    if (injected?.category === 'NETWORK') return reply.code(503).send('Service Unavailable');
    const token = request.headers.opentoken;
    if (typeof token !== 'string' || !tplus.sessions.has(token)) {
      return reply.code(401).send({ code: 'EXPIRED_TOKEN', message: 'token已过期，请重新获取' });
    }
    const refuse = (message: string) => reply.code(400).send({ code: 'EXSM0004', message, data: null });
    const answer = (bill: Bill) => ({ code: '0', message: '', data: { ID: bill.id, Code: bill.number } });
    const param = request.body?.param ?? {};
    const bills = [...tplus.bills.values()].filter((bill) => bill.formId === form);
    if (operation === 'Query') {
      const bill = bills.find((each) => each.externalCode === param.ExternalCode);
      return bill ? answer(bill) : refuse(`ExternalCode为"${String(param.ExternalCode)}"的单据不存在`);
    }
    if (operation === 'Delete') {
      const bill = bills.find((each) => each.number === param.Code);
      if (!bill) return refuse(`单据"${String(param.Code)}"不存在`);
      tplus.bills.delete(`${form}|${bill.number}`);
      return answer(bill);
    }
    if (operation !== 'Create') return refuse(`不支持的操作${operation}`);
    const dto = request.body?.dto ?? {};
    // The customer of a voucher: Customer of the sales vouchers, Partner (往来单位) of a receipt, the archive's Code.
    const party = (dto.Customer ?? dto.Partner) as { Code?: string } | undefined;
    const customerCode = (party ? party.Code : dto.Code) as string | undefined;
    if (injected) return refuse(injectedMessage(injected, customerCode ?? String(dto.Code ?? '')));
    if (customerCode && disabledCustomers.has(customerCode))
      return refuse(MESSAGES.MASTER_DATA(customerCode));
    const refusal = discountRefusal('CHANJET_TPLUS', dto);
    if (refusal) return refuse(refusal);
    const money = moneyOf(dto);
    if (money?.refusal) return refuse(money.refusal);
    const externalCode = String(dto.ExternalCode ?? '');
    if (!externalCode) return refuse('ExternalCode不能为空');
    if (bills.some((each) => each.externalCode === externalCode)) {
      return refuse(`外部单据号ExternalCode"${externalCode}"已存在`);
    }
    const number = String(dto.Code ?? `SIM${nextId}`);
    const bill: Bill = {
      id: nextId++,
      formId: form,
      number,
      externalCode,
      documentStatus: 'C',
      customerCode,
      settleTypeCode: money?.settleTypeCode,
      amount: money?.amount,
      model: dto,
    };
    tplus.bills.set(`${form}|${number}`, bill);
    return answer(bill);
  });
}
