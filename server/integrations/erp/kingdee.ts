// Kingdee K3Cloud WebAPI (金蝶云星空): sign in with LoginByAppSecret (the session rides in the kdservice
// cookies), then Save → Submit → Audit on DynamicFormService. Answers carry Result.ResponseStatus with
// IsSuccess, Errors[{FieldName, Message}], SuccessEntitys[{Id, Number}] and MsgCode; MsgCode 1 means the
// session expired: sign in again and repeat the call once. The bill number is our document number, so a
// repeated Save finds the bill already there and carries on from it. Orders, outbounds and returns are
// SAL_* bills; payments and refunds are the receivables' 收款单 (AR_RECEIVEBILL) and 收款退款单 (AR_REFUNDBILL).
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

const SERVICE = '/Kingdee.BOS.WebApi.ServicesStub';
const LOGIN_PATH = `${SERVICE}.AuthService.LoginByAppSecret.common.kdsvc`;
const formPath = (operation: string) => `${SERVICE}.DynamicFormService.${operation}.common.kdsvc`;
const CHINESE_LCID = 2052;
const SESSION_EXPIRED = 1;

interface ResponseStatus {
  IsSuccess?: boolean;
  Errors?: Array<{ FieldName?: string | null; Message?: string; DIndex?: number }>;
  SuccessEntitys?: Array<{ Id?: number | string; Number?: string }>;
  MsgCode?: number;
}

function statusOf(json: unknown): ResponseStatus | undefined {
  return (json as { Result?: { ResponseStatus?: ResponseStatus } } | null)?.Result?.ResponseStatus;
}

/** The session cookies of a sign-in, per endpoint (shared by every task of a connection). */
const sessions = new Map<string, string>();

export class KingdeeClient implements ErpClient {
  constructor(private readonly endpoint: ErpEndpoint) {}

  private get sessionKey() {
    return `${this.endpoint.baseUrl}|${this.endpoint.acctId}|${this.endpoint.userName}`;
  }

  private async login(exchanges: ErpExchange[]): Promise<string> {
    const { endpoint } = this;
    const answer = await postJson(endpoint, exchanges, {
      call: 'LoginByAppSecret',
      url: erpUrl(endpoint.baseUrl, LOGIN_PATH),
      body: {
        acctid: endpoint.acctId,
        username: endpoint.userName,
        appid: endpoint.appId,
        appsecret: endpoint.appSecret,
        lcid: CHINESE_LCID,
      },
      secretFields: ['appsecret', 'KDSVCSessionId'],
    });
    const json = answer.json as { LoginResultType?: number; Message?: string } | null;
    if (answer.status !== 200 || json?.LoginResultType !== 1) {
      throw new ErpCallError('AUTH', `金蝶登录失败：${json?.Message ?? `HTTP ${answer.status}`}`, exchanges, {
        httpStatus: answer.status,
      });
    }
    const cookie = answer.headers
      .getSetCookie()
      .map((each) => each.split(';')[0])
      .join('; ');
    sessions.set(this.sessionKey, cookie);
    return cookie;
  }

  /** One form-service call with the session, signing in first or again (once) when it is missing or expired. */
  private async form(exchanges: ErpExchange[], operation: string, body: object): Promise<ResponseStatus> {
    let cookie = sessions.get(this.sessionKey) ?? (await this.login(exchanges));
    for (let relogin = 0; ; relogin += 1) {
      const answer = await postJson(this.endpoint, exchanges, {
        call: operation,
        url: erpUrl(this.endpoint.baseUrl, formPath(operation)),
        body,
        headers: { cookie },
      });
      const status = statusOf(answer.json);
      if (!status) {
        throw new ErpCallError('BUSINESS', `金蝶应答无法识别（HTTP ${answer.status}）`, exchanges, {
          httpStatus: answer.status,
        });
      }
      if (status.MsgCode === SESSION_EXPIRED && relogin === 0) {
        sessions.delete(this.sessionKey);
        cookie = await this.login(exchanges);
        continue;
      }
      return status;
    }
  }

  private failure(exchanges: ErpExchange[], status: ResponseStatus): ErpCallError {
    const message = status.Errors?.map((error) => error.Message).find(Boolean) ?? '金蝶返回失败';
    const category = status.MsgCode === SESSION_EXPIRED ? 'AUTH' : categoryOfMessage(message);
    return new ErpCallError(category, message, exchanges, {
      msgCode: status.MsgCode === undefined ? null : String(status.MsgCode),
      errors: status.Errors,
    });
  }

  async testConnection() {
    const exchanges: ErpExchange[] = [];
    sessions.delete(this.sessionKey);
    await this.login(exchanges);
    return { message: '金蝶云星空登录成功', exchanges };
  }

  /** The bill already in the ERP under our number, if any: its id and status. */
  private async find(exchanges: ErpExchange[], bill: ErpBill) {
    const answer = await postJson(this.endpoint, exchanges, {
      call: 'ExecuteBillQuery',
      url: erpUrl(this.endpoint.baseUrl, formPath('ExecuteBillQuery')),
      body: {
        data: {
          FormId: bill.formId,
          FieldKeys: 'FID,FBillNo,FDocumentStatus',
          FilterString: `FBillNo='${bill.bizNo.replace(/'/g, "''")}'`,
          Limit: 1,
        },
      },
      headers: { cookie: sessions.get(this.sessionKey) ?? '' },
    });
    const rows = Array.isArray(answer.json) ? (answer.json as unknown[][]) : [];
    const row = rows[0];
    return row ? { id: String(row[0]), number: String(row[1]), documentStatus: String(row[2]) } : undefined;
  }

  async push(bill: ErpBill): Promise<ErpPushResult> {
    const exchanges: ErpExchange[] = [];
    const numbers = { Numbers: [bill.bizNo] };
    if (bill.operation === 'DELETE' || bill.operation === 'UNAUDIT') {
      const existing = await this.find(exchanges, bill);
      // Nothing to withdraw: already gone, which is what was asked.
      if (!existing) return { billId: '', billNo: bill.bizNo, exchanges };
      if (existing.documentStatus === 'C') {
        const unaudited = await this.form(exchanges, 'UnAudit', { formid: bill.formId, data: numbers });
        if (!unaudited.IsSuccess) throw this.failure(exchanges, unaudited);
      }
      if (bill.operation === 'DELETE') {
        const deleted = await this.form(exchanges, 'Delete', { formid: bill.formId, data: numbers });
        if (!deleted.IsSuccess) throw this.failure(exchanges, deleted);
      }
      return { billId: existing.id, billNo: existing.number, exchanges };
    }

    let saved = { id: '', number: bill.bizNo, documentStatus: 'A' };
    const status = await this.form(exchanges, 'Save', {
      formid: bill.formId,
      data: { Model: modelOf(bill) },
    });
    if (status.IsSuccess) {
      const entity = status.SuccessEntitys?.[0];
      saved = { id: String(entity?.Id ?? ''), number: entity?.Number ?? bill.bizNo, documentStatus: 'A' };
    } else {
      const failure = this.failure(exchanges, status);
      if (failure.category !== 'DUPLICATE') throw failure;
      // Saved by an earlier attempt whose answer was lost: carry on from that bill.
      const existing = await this.find(exchanges, bill);
      if (!existing) throw failure;
      saved = existing;
    }
    if (bill.bizType === 'CUSTOMER') return { billId: saved.id, billNo: saved.number, exchanges };
    if (saved.documentStatus === 'A' || saved.documentStatus === 'Z' || saved.documentStatus === 'D') {
      const submitted = await this.form(exchanges, 'Submit', { formid: bill.formId, data: numbers });
      if (!submitted.IsSuccess) throw this.failure(exchanges, submitted);
    }
    if (saved.documentStatus !== 'C') {
      const audited = await this.form(exchanges, 'Audit', { formid: bill.formId, data: numbers });
      if (!audited.IsSuccess) throw this.failure(exchanges, audited);
    }
    return { billId: saved.id, billNo: saved.number, exchanges };
  }
}

const ref = (number: string | undefined) => (number ? { FNumber: number } : undefined);

/** Standard K3Cloud codes of the receivable bills: 销售收款单, 销售业务退款单, 人民币, 销售收款 (purpose). */
const RECEIVE_BILL_TYPE = 'SKDLX01_SYS';
const REFUND_BILL_TYPE = 'SKTKDLX01_SYS';
const CURRENCY_CNY = 'PRE001';
const SALES_RECEIPT_PURPOSE = 'SFKYT01_SYS';

/**
 * 收款单 (AR_RECEIVEBILL) of a payment or 收款退款单 (AR_REFUNDBILL) of a refund: the customer both as 往来单位 and
 * as payer (payee of a refund), the sale organisation as settling, selling and receiving organisation, and one
 * entry with the 结算方式 and the amount (positive on both bills).
 */
function moneyModelOf(bill: ErpBill): object {
  const refund = bill.bizType === 'REFUND';
  return {
    FBillNo: bill.bizNo,
    FBillTypeID: ref(refund ? REFUND_BILL_TYPE : RECEIVE_BILL_TYPE),
    FDATE: bill.date,
    FCONTACTUNITTYPE: 'BD_Customer',
    FCONTACTUNIT: ref(bill.customerCode),
    [refund ? 'FRECTUNITTYPE' : 'FPAYUNITTYPE']: 'BD_Customer',
    [refund ? 'FRECTUNIT' : 'FPAYUNIT']: ref(bill.customerCode),
    FCURRENCYID: ref(CURRENCY_CNY),
    FSETTLEORGID: ref(bill.saleOrgCode),
    FSALEORGID: ref(bill.saleOrgCode),
    FPAYORGID: ref(bill.saleOrgCode),
    FSALEERID: ref(bill.salesmanCode),
    FREMARK: [bill.memo, bill.externalCode].filter(Boolean).join(' '),
    [refund ? 'FREFUNDBILLENTRY' : 'FRECEIVEBILLENTRY']: [
      {
        FSETTLETYPEID: ref(bill.settleTypeCode),
        FPURPOSEID: ref(SALES_RECEIPT_PURPOSE),
        ...(refund
          ? { FREFUNDAMOUNTFOR: bill.amount, FREFUNDAMOUNTFOR_E: bill.amount }
          : { FRECTOTALAMOUNTFOR: bill.amount, FRECAMOUNTFOR_E: bill.amount }),
        FNOTE: bill.sourceBizNo ? `订单 ${bill.sourceBizNo}` : undefined,
      },
    ],
  };
}

/** The K3Cloud model of a bill (SAL_SaleOrder field names; the outbound and return forms share them). */
function modelOf(bill: ErpBill): object {
  if (bill.bizType === 'RECEIPT' || bill.bizType === 'REFUND') return moneyModelOf(bill);
  if (bill.bizType === 'CUSTOMER') {
    return {
      FNumber: bill.customerCode,
      FName: bill.customerName ?? bill.customerCode,
      FCreateOrgId: ref(bill.saleOrgCode),
    };
  }
  return {
    FBillNo: bill.bizNo,
    FBillTypeID: ref(bill.billTypeCode),
    FDate: bill.date,
    FSaleOrgId: ref(bill.saleOrgCode),
    FCustId: ref(bill.customerCode),
    FSalerId: ref(bill.salesmanCode),
    FSaleDeptId: ref(bill.departmentCode),
    FStockId: ref(bill.warehouseCode),
    FNote: [bill.memo, bill.externalCode].filter(Boolean).join(' '),
    FSaleOrderEntry: bill.lines.map((line) => {
      const money = lineMoney(line);
      return {
        FMaterialId: ref(line.materialCode),
        FUnitID: ref(line.unit),
        FQty: line.qty,
        FTaxPrice: line.isGift ? line.price : money.listPrice,
        FEntryTaxRate: line.taxRate * 100,
        FIsFree: line.isGift,
        FLot: line.batchNo ? { FNumber: line.batchNo } : undefined,
        // 折扣 (promotions and the allocated 返利抵扣): the list price stays, the discount takes the rest.
        ...(money.discount > 0 && !line.isGift
          ? {
              FDiscountRate: money.discountPercent,
              FDiscount: money.discount,
              FAllAmount: money.netAmount,
              FEntryNote: money.note,
            }
          : {}),
      };
    }),
  };
}
