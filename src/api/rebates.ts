// Rebates (docs/rebates-api.md): 返利政策 and its commands, 返利核算 (the run, its results, 确认入账 / 调整 /
// 关闭), 资金账户 with the ledger and the statement export.
import type { Page } from '../../common/contract';
import type {
  FundAccountRecord,
  FundLedgerRecord,
  RebateAdjustInput,
  RebateCalcRecord,
  RebatePolicyInput,
  RebatePolicyRecord,
  RebateRunInput,
} from '../../common/rebates';
import { downloadFile, getAction, postAction } from './http';
import type { ListParams } from './systemTypes';

const POLICY = '/eRebate/policy';

export const listRebatePolicies = (params: ListParams) =>
  getAction<Page<RebatePolicyRecord>>(`${POLICY}/list`, params);
export const exportRebatePolicies = (params: ListParams) =>
  downloadFile(`${POLICY}/exportXls`, '返利政策.xlsx', params);
export const queryRebatePolicy = (id: string) => getAction<RebatePolicyRecord>(`${POLICY}/queryById`, { id });
export const saveRebatePolicy = (id: string | undefined, input: RebatePolicyInput) =>
  postAction<{ id: string }>(id ? `${POLICY}/edit` : `${POLICY}/add`, id ? { ...input, id } : input);
export type RebatePolicyAction = 'submit' | 'end' | 'cancel';
export const rebatePolicyCommand = (action: RebatePolicyAction, id: string) =>
  postAction<{ status: string }>(`${POLICY}/${action}`, { id });

export const runRebateCalc = (input: RebateRunInput) =>
  postAction<{ jobId: string }>('/eRebate/calc/run', input);
export const rebateRunStatus = (id: string) =>
  getAction<{ status: string; result: Record<string, unknown> | null; error: string | null }>(
    '/eRebate/calc/runStatus',
    { id },
  );
export const listRebateCalcs = (params: ListParams) =>
  getAction<Page<RebateCalcRecord>>('/eRebate/calc/list', params);
export const exportRebateCalcs = (params: ListParams) =>
  downloadFile('/eRebate/calc/exportXls', '返利核算.xlsx', params);
export const confirmRebateCalcs = (ids: string[]) =>
  postAction<{ confirmed: number; creditedAmount: string }>('/eRebate/calc/confirm', { ids });
export const adjustRebateCalc = (input: RebateAdjustInput) =>
  postAction<{ status: string }>('/eRebate/calc/adjust', input);
export const closeRebateCalc = (id: string) => postAction<{ status: string }>('/eRebate/calc/close', { id });

export const listFundAccounts = (params: ListParams) =>
  getAction<Page<FundAccountRecord>>('/eRebate/account/list', params);
export const exportFundAccounts = (params: ListParams) =>
  downloadFile('/eRebate/account/exportXls', '资金账户.xlsx', params);
export const listFundLedger = (params: ListParams) =>
  getAction<Page<FundLedgerRecord>>('/eRebate/account/ledger', params);
/** The customer's statement: a workbook now, or a job of 下载中心 when it is long. */
export const exportStatement = (customerId: string, accountType: string, name: string) =>
  downloadFile('/eRebate/account/exportStatement', `${name}对账单.xlsx`, { customerId, accountType });
