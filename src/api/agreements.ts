// Agreements (docs/agreements-api.md): 协议模板 (draft, preview, publish, versions and their diff) and 合作协议
// (list, detail, commands, PDF, export through 下载中心).
import type { Page } from '../../common/contract';
import type {
  AgreementType,
  CoopAgreementDetail,
  CoopAgreementInput,
  CoopAgreementRecord,
  DiffLine,
  TemplateInput,
  TemplateRecord,
  TemplateVariable,
  TemplateVersionRecord,
  VariableValues,
} from '../../common/agreements';
import { downloadFile, getAction, postAction } from './http';
import type { ListParams } from './systemTypes';

const TMPL = '/eAgrtTmpl';
const COOP = '/eCoopAgrt';

export const listTemplates = (params: ListParams) => getAction<Page<TemplateRecord>>(`${TMPL}/list`, params);
export const exportTemplates = (params: ListParams) =>
  downloadFile(`${TMPL}/exportXls`, '协议模板.xlsx', params);
export const queryTemplate = (id: string) => getAction<TemplateRecord>(`${TMPL}/queryById`, { id });
export const saveTemplate = (id: string | undefined, input: TemplateInput) =>
  postAction<{ id: string }>(id ? `${TMPL}/edit` : `${TMPL}/add`, id ? { ...input, id } : input);
export const publishTemplate = (id: string) =>
  postAction<{ version: number; versionId: string }>(`${TMPL}/publish`, { id });
export const retireTemplate = (id: string, retired: boolean) =>
  postAction<{ status: string }>(`${TMPL}/retire`, { id, retired });
export const templateVersions = (id: string) =>
  getAction<TemplateVersionRecord[]>(`${TMPL}/versions`, { id });
export const diffTemplateVersions = (id: string, from: number, to: number) =>
  getAction<DiffLine[]>(`${TMPL}/diff`, { id, from, to });
export const previewTemplate = (input: {
  agreementType: AgreementType;
  bodyHtml: string;
  variableSchema: TemplateVariable[];
  values?: VariableValues;
}) => postAction<{ html: string }>(`${TMPL}/preview`, input);

export const listCoopAgreements = (params: ListParams) =>
  getAction<Page<CoopAgreementRecord>>(`${COOP}/list`, params);
export const exportCoopAgreements = (params: ListParams) =>
  downloadFile(`${COOP}/exportXls`, '合作协议.xlsx', params);
export const queryCoopAgreement = (id: string) => getAction<CoopAgreementDetail>(`${COOP}/queryById`, { id });
export const coopAgreementContent = (id: string) => getAction<{ html: string }>(`${COOP}/content`, { id });
export const downloadCoopPdf = (id: string, agreementNo: string) =>
  downloadFile(`${COOP}/pdf`, `${agreementNo}.pdf`, { id });
export const saveCoopAgreement = (id: string | undefined, input: CoopAgreementInput) =>
  postAction<{ id: string }>(id ? `${COOP}/edit` : `${COOP}/add`, id ? { ...input, id } : input);
export const submitCoopAgreement = (id: string) => postAction<{ status: string }>(`${COOP}/submit`, { id });
export const signCoopAgreement = (id: string, signedAt?: string) =>
  postAction<{ status: string }>(`${COOP}/sign`, { id, signedAt });
export const terminateCoopAgreement = (id: string, reason: string) =>
  postAction<{ status: string }>(`${COOP}/terminate`, { id, reason });
export const renewCoopAgreement = (id: string) =>
  postAction<{ renewedId: string; agreementNo: string }>(`${COOP}/renew`, { id });
