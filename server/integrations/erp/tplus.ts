// Chanjet T+ OpenAPI (畅捷通T+): an access token from the app key and secret, then <Form>/Create with the
// ExternalCode as the idempotency key — T+ refuses a second voucher with the same ExternalCode, so a repeat
// looks the voucher up by it and carries on. An expired token is renewed once. Payments and refunds are
// receipts (ReceiveVoucher), a refund of a negative amount.
import { erpUrl, postJson } from './http';
import {
  categoryOfMessage,
  ErpCallError,
  lineMoney,
  type ErpBill,
  type ErpClient,
  type ErpEndpoint,
  type ErpExchange,
  type ErpPushResult,
} from './types';

const TOKEN_PATH = '/api/auth/token';
const TOKEN_EXPIRED = 'EXPIRED_TOKEN';
const SALES_RETURN = '16';
const NORMAL_SALE = '15';

interface TplusAnswer {
  code?: string;
  message?: string;
  data?: { ID?: number | string; Code?: string } | null;
}

const tokens = new Map<string, string>();

export class TplusClient implements ErpClient {
  constructor(private readonly endpoint: ErpEndpoint) {}

  private get tokenKey() {
    return `${this.endpoint.baseUrl}|${this.endpoint.acctId}|${this.endpoint.appId}`;
  }

  private async token(exchanges: ErpExchange[]): Promise<string> {
    const { endpoint } = this;
    const answer = await postJson(endpoint, exchanges, {
      call: 'token',
      url: erpUrl(endpoint.baseUrl, TOKEN_PATH),
      body: {
        appKey: endpoint.appId,
        appSecret: endpoint.appSecret,
        orgId: endpoint.acctId,
        userName: endpoint.userName,
      },
      secretFields: ['appSecret', 'access_token'],
    });
    const json = answer.json as { access_token?: string; message?: string } | null;
    if (answer.status !== 200 || !json?.access_token) {
      throw new ErpCallError('AUTH', `T+授权失败：${json?.message ?? `HTTP ${answer.status}`}`, exchanges, {
        httpStatus: answer.status,
      });
    }
    tokens.set(this.tokenKey, json.access_token);
    return json.access_token;
  }

  private async call(
    exchanges: ErpExchange[],
    name: string,
    path: string,
    body: object,
  ): Promise<TplusAnswer> {
    let token = tokens.get(this.tokenKey) ?? (await this.token(exchanges));
    for (let renewed = 0; ; renewed += 1) {
      const answer = await postJson(this.endpoint, exchanges, {
        call: name,
        url: erpUrl(this.endpoint.baseUrl, path),
        body,
        headers: { openToken: token },
      });
      const json = (answer.json ?? {}) as TplusAnswer;
      if (json.code === TOKEN_EXPIRED && renewed === 0) {
        tokens.delete(this.tokenKey);
        token = await this.token(exchanges);
        continue;
      }
      return json;
    }
  }

  private failure(exchanges: ErpExchange[], answer: TplusAnswer): ErpCallError {
    const message = answer.message || 'T+返回失败';
    return new ErpCallError(
      answer.code === TOKEN_EXPIRED ? 'AUTH' : categoryOfMessage(message),
      message,
      exchanges,
      {
        msgCode: answer.code ?? null,
      },
    );
  }

  async testConnection() {
    const exchanges: ErpExchange[] = [];
    tokens.delete(this.tokenKey);
    await this.token(exchanges);
    return { message: '畅捷通T+授权成功', exchanges };
  }

  async push(bill: ErpBill): Promise<ErpPushResult> {
    const exchanges: ErpExchange[] = [];
    const form = bill.formId;
    if (bill.operation === 'DELETE' || bill.operation === 'UNAUDIT') {
      const answer = await this.call(exchanges, 'Delete', `/api/${form}/Delete`, {
        param: { Code: bill.bizNo },
      });
      // A voucher that is not there any more is what was asked.
      if (answer.code !== '0' && categoryOfMessage(answer.message ?? '') !== 'MAPPING') {
        throw this.failure(exchanges, answer);
      }
      return { billId: String(answer.data?.ID ?? ''), billNo: answer.data?.Code ?? bill.bizNo, exchanges };
    }
    const created = await this.call(exchanges, 'Create', `/api/${form}/Create`, { dto: dtoOf(bill) });
    let answer = created;
    if (created.code !== '0') {
      const failure = this.failure(exchanges, created);
      if (failure.category !== 'DUPLICATE') throw failure;
      // Created by an earlier attempt whose answer was lost: the voucher with our ExternalCode is ours.
      answer = await this.call(exchanges, 'Query', `/api/${form}/Query`, {
        param: { ExternalCode: bill.externalCode },
      });
      if (answer.code !== '0' || !answer.data) throw failure;
    }
    return { billId: String(answer.data?.ID ?? ''), billNo: answer.data?.Code ?? bill.bizNo, exchanges };
  }
}

const code = (value: string | undefined) => (value ? { Code: value } : undefined);
const CURRENCY_CNY = 'RMB';

/**
 * 收款单 (ReceiveVoucher) of a payment, and of a refund: T+ has no refund voucher, a refund is a receipt of the
 * negative amount. The customer is the 往来单位 (Partner); one settle line with the 结算方式 and the amount.
 */
function receiveDtoOf(bill: ErpBill): object {
  const amount = (bill.bizType === 'REFUND' ? -1 : 1) * (bill.amount ?? 0);
  return {
    ExternalCode: bill.externalCode,
    Code: bill.bizNo,
    VoucherDate: bill.date,
    Partner: code(bill.customerCode),
    Department: code(bill.departmentCode),
    Clerk: code(bill.salesmanCode),
    Currency: code(CURRENCY_CNY),
    ExchangeRate: 1,
    OrigAmount: amount,
    Amount: amount,
    Memo: [bill.memo, bill.sourceBizNo && `订单 ${bill.sourceBizNo}`].filter(Boolean).join(' ') || undefined,
    ArapMultiSettleDetails: [{ SettleStyle: code(bill.settleTypeCode), OrigAmount: amount, Amount: amount }],
  };
}

/** The T+ DTO of a bill (SaleOrder / SaleDelivery; a return is a SaleDelivery of business type 16). */
function dtoOf(bill: ErpBill): object {
  if (bill.bizType === 'RECEIPT' || bill.bizType === 'REFUND') return receiveDtoOf(bill);
  if (bill.bizType === 'CUSTOMER') {
    return {
      ExternalCode: bill.externalCode,
      Code: bill.customerCode,
      Name: bill.customerName ?? bill.customerCode,
    };
  }
  const sign = bill.bizType === 'RETURN' ? -1 : 1;
  const details = bill.lines.map((line) => {
    const money = lineMoney(line);
    const discounted = money.discount > 0 && !line.isGift;
    return {
      Inventory: code(line.materialCode),
      Unit: { Name: line.unit },
      Quantity: sign * line.qty,
      // 含税单价 and 含税金额 after the discounts; 折扣率 (1 = none) and 折扣金额 say what was taken off.
      OrigTaxPrice: discounted ? money.netPrice : line.price,
      TaxRate: line.taxRate * 100,
      OrigTaxAmount: sign * (discounted ? money.netAmount : line.amount),
      ...(discounted
        ? {
            OrigPrice: money.listPrice,
            DiscountRate: Math.round((1 - money.discountPercent / 100) * 10_000) / 10_000,
            OrigDiscount: sign * money.discount,
            Memo: money.note,
          }
        : {}),
      IsPresent: line.isGift,
      Batch: line.batchNo,
    };
  });
  return {
    ExternalCode: bill.externalCode,
    Code: bill.bizNo,
    VoucherDate: bill.date,
    Customer: code(bill.customerCode),
    SettleCustomer: code(bill.customerCode),
    Department: code(bill.departmentCode),
    Clerk: code(bill.salesmanCode),
    Warehouse: code(bill.warehouseCode),
    BusinessType:
      bill.formId === 'SaleDelivery'
        ? code(bill.bizType === 'RETURN' ? SALES_RETURN : NORMAL_SALE)
        : undefined,
    Memo: bill.memo,
    [bill.formId === 'SaleOrder' ? 'SaleOrderDetails' : 'SaleDeliveryDetails']: details,
  };
}
