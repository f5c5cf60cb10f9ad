// 门店执行评分 and 金币 (docs/execution-api.md): templates, results and their review, the outlets' coin accounts.
import type { Page } from '../../common/contract';
import type {
  AiDetectType,
  CoinRule,
  InputType,
  ItemCategory,
  ItemRequirement,
  ScoringRule,
  TemplateInput,
} from '../../common/execution';
import type { Attachment } from '../../common/attachments';
import { downloadFile, getAction, postAction, putAction } from './http';
import type { ListParams } from './systemTypes';

export interface ExecutionTemplate {
  id: string;
  code: string;
  name: string;
  version: number;
  totalScore: string;
  passScore: string;
  coinRule: CoinRule;
  status: string;
  status_dictText: string;
  itemCount: number;
  updateTime: string;
}

/** A check item of a template version, with its labels. */
export interface ExecutionTemplateItem {
  id: string;
  seq: number;
  code: string;
  name: string;
  category: ItemCategory;
  category_dictText: string;
  inputType: InputType;
  inputType_dictText: string;
  aiDetectType: AiDetectType | null;
  scoringRule: ScoringRule;
  scoringRule_dictText: string;
  requirement: ItemRequirement;
  maxScore: number;
  isVeto: boolean;
  photoRequired: boolean;
}

/** One template version with its scope, dates and items (queryById). */
export interface ExecutionTemplateDetail {
  id: string;
  code: string;
  name: string;
  version: number;
  channels: string[];
  outletTypes: string[];
  totalScore: number;
  passScore: number;
  coinRule: CoinRule;
  validFrom: string | null;
  validTo: string | null;
  status: string;
  status_dictText: string;
  remark: string | null;
  items: ExecutionTemplateItem[];
}

export interface ExecutionResult {
  id: string;
  resultNo: string;
  visitId: string;
  customerName: string;
  customerCode: string;
  employeeName: string;
  templateName: string;
  templateVersion: number;
  executedAt: string;
  autoScore: number | null;
  finalScore: number | null;
  passed: boolean | null;
  vetoHit: boolean;
  reviewStatus: string;
  reviewStatus_dictText: string;
  coinsAwarded: number;
  reviewerName: string | null;
  photoIds: string[];
}

export interface ExecutionItemResult {
  id: string;
  code: string;
  name: string;
  category_dictText: string;
  inputType: string;
  inputType_dictText: string;
  scoringRule_dictText: string;
  requirement: ItemRequirement;
  maxScore: number;
  isVeto: boolean;
  value: boolean | number | string | null;
  photos: Attachment[];
  autoScore: number | null;
  reviewerScore: number | null;
  finalScore: number | null;
  met: boolean | null;
  deductionReason: string | null;
}

export interface ExecutionResultDetail extends ExecutionResult {
  employeeId: string;
  visitNo: string;
  totalScore: number;
  passScore: number;
  reviewComment: string | null;
  reviewedAt: string | null;
  appealReason: string | null;
  appealByName: string | null;
  finalReviewerName: string | null;
  finalComment: string | null;
  revokedByName: string | null;
  revokeReason: string | null;
  items: ExecutionItemResult[];
}

export interface ItemReviewPayload {
  itemId: string;
  reviewerScore: number | null;
}

export interface CoinAccount {
  id: string;
  customerId: string;
  customerName: string;
  customerCode: string;
  balance: number;
  frozen: number;
  available: number;
  monthEarned: number;
  monthUsed: number;
  expiringSoon: number;
  updateTime: string;
}

export interface CoinLedgerEntry {
  id: string;
  seq: number;
  entryType: string;
  entryType_dictText: string;
  amount: number;
  frozenChange: number;
  balanceAfter: number;
  sourceType_dictText: string;
  sourceNo: string | null;
  remark: string | null;
  operatorName: string | null;
  createTime: string;
}

export const listTemplates = (params: ListParams) =>
  getAction<Page<ExecutionTemplate>>('/eVisit/executionTemplate/list', params);
export const exportTemplates = (params: ListParams) =>
  downloadFile('/eVisit/executionTemplate/exportXls', '评分模板.xlsx', params);
export const templateById = (id: string) =>
  getAction<ExecutionTemplateDetail>('/eVisit/executionTemplate/queryById', { id });
export const addTemplate = (input: TemplateInput) =>
  postAction<{ id: string }>('/eVisit/executionTemplate/add', input);
export const editTemplate = (id: string, input: TemplateInput) =>
  putAction<{ id: string }>('/eVisit/executionTemplate/edit', { id, ...input });
export const newTemplateVersion = (id: string) =>
  postAction<{ id: string }>('/eVisit/executionTemplate/newVersion', { id });
export const changeTemplateStatus = (id: string, status: string) =>
  putAction('/eVisit/executionTemplate/changeStatus', { id, status });

export const listResults = (params: ListParams) =>
  getAction<Page<ExecutionResult>>('/eVisit/execution/list', params);
export const exportResults = (params: ListParams) =>
  downloadFile('/eVisit/execution/exportXls', '门店执行审核.xlsx', params);
export const resultById = (id: string) =>
  getAction<ExecutionResultDetail>('/eVisit/execution/queryById', { id });
export const reviewResult = (
  final: boolean,
  body: { id: string; approve: boolean; comment?: string | null; items?: ItemReviewPayload[] },
) => putAction(final ? '/eVisit/execution/finalReview' : '/eVisit/execution/review', body);
export const approveResults = (ids: string[]) =>
  putAction<{ approved: number; skipped: Array<{ id: string; reason: string }> }>(
    '/eVisit/execution/approveBatch',
    {
      ids,
    },
  );
export const appealResult = (id: string, reason: string) =>
  putAction('/eVisit/execution/appeal', { id, reason });
export const revokeResult = (id: string, reason: string) =>
  putAction('/eVisit/execution/revoke', { id, reason });

export const listCoinAccounts = (params: ListParams) =>
  getAction<Page<CoinAccount>>('/eVisit/coin/list', params);
export const exportCoinAccounts = (params: ListParams) =>
  downloadFile('/eVisit/coin/exportXls', '金币账户.xlsx', params);
export const listCoinLedger = (params: ListParams) =>
  getAction<Page<CoinLedgerEntry>>('/eVisit/coin/ledger', params);
export const adjustCoins = (body: { customerId: string; coins: number; reason: string }) =>
  postAction('/eVisit/coin/adjust', body);
