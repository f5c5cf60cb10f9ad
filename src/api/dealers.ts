// Dealer workspaces (docs/dealers-api.md): 经销商档案 and the accounts of a dealer's staff.
import type { Page } from '../../common/contract';
import { downloadFile, getAction, postAction, putAction } from './http';
import type { ListParams } from './systemTypes';

export type DealerErpType = 'KINGDEE_K3CLOUD' | 'CHANJET_TPLUS' | 'NONE';

export interface DealerRecord {
  id: string;
  customerCode: string;
  name: string;
  cityCode: string | null;
  contactName: string | null;
  contactMobile: string | null;
  status: string;
  erpType: DealerErpType | null;
  erpType_dictText: string | null;
  legalPerson: string | null;
  taxNo: string | null;
  invoiceTitle: string | null;
  bankName: string | null;
  bankAccount: string | null;
  licenseNo: string | null;
  authorizedAreaCodes: string[];
  authorizedChannels: string[];
  contractNo: string | null;
  contractStart: string | null;
  contractEnd: string | null;
  depositAmount: number | null;
  annualTargetCases: number | null;
  dmsEnabled: boolean;
  remark: string | null;
  accountCount: number;
  erpConnectionName: string | null;
}

export type DealerProfileInput = Partial<
  Pick<
    DealerRecord,
    | 'legalPerson'
    | 'taxNo'
    | 'invoiceTitle'
    | 'bankName'
    | 'bankAccount'
    | 'licenseNo'
    | 'authorizedAreaCodes'
    | 'authorizedChannels'
    | 'contractNo'
    | 'contractStart'
    | 'contractEnd'
    | 'depositAmount'
    | 'annualTargetCases'
    | 'dmsEnabled'
    | 'erpType'
    | 'remark'
  >
> & { id: string };

export interface DealerAccount {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
  status: 1 | 2;
  status_dictText: string;
  roleIds: string[];
  roleNames: string;
  dealerId: string;
  dealerName: string;
  dealerCode: string;
  createTime: string;
}

export interface DealerAccountInput {
  id?: string;
  dealerId?: string;
  username?: string;
  realname: string;
  phone?: string | null;
  password?: string;
  roleIds: string[];
  status?: 1 | 2;
}

export const listDealers = (params: ListParams) => getAction<Page<DealerRecord>>('/eDealer/list', params);
export const exportDealers = (params: ListParams) =>
  downloadFile('/eDealer/exportXls', '经销商档案.xlsx', params);
export const saveDealerProfile = (input: DealerProfileInput) => putAction('/eDealer/profile/edit', input);
export const listDealerAccounts = (params: ListParams) =>
  getAction<Page<DealerAccount>>('/eDealer/account/list', params);
export const exportDealerAccounts = (params: ListParams) =>
  downloadFile('/eDealer/account/exportXls', '经销商账号.xlsx', params);
/** The dealers whose accounts the caller manages (a dealer's user: its own), matching what was typed. */
export const accountDealerOptions = (keyword?: string) =>
  getAction<Array<{ id: string; customerCode: string; name: string }>>(
    '/eDealer/account/dealerOptions',
    keyword ? { keyword } : {},
  );
export const dealerRoleOptions = () =>
  getAction<Array<{ id: string; roleCode: string; roleName: string }>>('/eDealer/account/roleOptions');
export const saveDealerAccount = (input: DealerAccountInput) =>
  input.id
    ? putAction('/eDealer/account/edit', input)
    : postAction<{ id: string }>('/eDealer/account/add', input);
