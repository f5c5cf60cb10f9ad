// The agreements contract (DOMAIN §1.8), shared by the server and the SPA: agreement templates with their
// variables and immutable published versions, cooperation agreements (合作协议) with their state machine (the
// SPA enables its buttons with the same table the server refuses with), and the shapes over the wire.
//
// Routes: see docs/agreements-api.md (/eAgrtTmpl for templates, /eCoopAgrt for cooperation agreements).

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const AGREEMENT_TYPE = labels({
  COOPERATION: '合作协议',
  DISPLAY: '陈列协议',
  FREEZER: '冰柜投放协议',
  AD: '广告协议',
  SIGNBOARD: '店招协议',
});
export type AgreementType = keyof typeof AGREEMENT_TYPE;

export const SIGN_MODE = labels({ E_SIGN: '小程序电子签', PAPER_PHOTO: '纸质拍照', BOTH: '均可' });
export type SignMode = keyof typeof SIGN_MODE;

export const TEMPLATE_STATUS = labels({ DRAFT: '草稿', PUBLISHED: '已发布', RETIRED: '已停用' });
export type TemplateStatus = keyof typeof TEMPLATE_STATUS;

export const VARIABLE_TYPE = labels({
  text: '文本',
  number: '数字',
  date: '日期',
  image: '图片',
  options: '选项',
  array: '表格数据',
});
export type VariableType = keyof typeof VARIABLE_TYPE;

/** One variable of a template: `{{name}}` in the body; an array's rows fill `<table data-source="name">`. */
export interface TemplateVariable {
  name: string;
  label: string;
  type: VariableType;
  /** The choices of an `options` variable. */
  options?: string[];
  /** The columns of an `array` variable: `{{name.field}}` in the table's repeated row. */
  fields?: Array<{ name: string; label: string }>;
  /** What the preview fills in. */
  sample?: string;
}

/** What an agreement is made with: a value per variable, rows for an array one. */
export type VariableValues = Record<string, string | number | null | Array<Record<string, string | number>>>;

export interface TemplateInput {
  code: string;
  name: string;
  agreementType: AgreementType;
  signMode: SignMode;
  bodyHtml: string;
  variableSchema: TemplateVariable[];
}

export interface TemplateRecord extends TemplateInput {
  id: string;
  agreementType_dictText: string;
  signMode_dictText: string;
  status: TemplateStatus;
  status_dictText: string;
  /** The latest published version, 0 before the first publish. */
  currentVersion: number;
  /** The latest published version's id. */
  currentVersionId: string | null;
  /** The draft differs from the latest published version. */
  draftChanged: boolean;
  publishedAt: string | null;
  publishedByName: string | null;
  updateTime: string;
}

export interface TemplateVersionRecord {
  id: string;
  templateId: string;
  version: number;
  bodyHtml: string;
  variableSchema: TemplateVariable[];
  publishedAt: string;
  publishedByName: string | null;
}

/** One line of a version diff: kept, added in `to` or removed from `from`. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export const COOPERATION_TYPE = labels({
  DISTRIBUTION: '经销',
  SUB_DISTRIBUTION: '分销',
  SPECIAL: '特约',
  EXCLUSIVE: '专营',
});
export type CooperationType = keyof typeof COOPERATION_TYPE;

export const COOP_STATUS = labels({
  DRAFT: '草稿',
  PENDING_APPROVAL: '审批中',
  APPROVED: '待签署',
  REJECTED: '已驳回',
  SIGNED: '已签署',
  ACTIVE: '生效中',
  EXPIRED: '已到期',
  TERMINATED: '已终止',
  RENEWED: '已续签',
});
export type CoopStatus = keyof typeof COOP_STATUS;

/** The user's commands; approval outcomes and the clock (ACTIVATE, EXPIRE) move it too. */
export type CoopCommand = 'SUBMIT' | 'SIGN' | 'TERMINATE' | 'RENEW' | 'CANCEL';

export const COOP_TRANSITIONS: ReadonlyArray<{
  command: CoopCommand;
  label: string;
  from: readonly CoopStatus[];
  to: CoopStatus;
}> = [
  { command: 'SUBMIT', label: '提交审批', from: ['DRAFT', 'REJECTED'], to: 'PENDING_APPROVAL' },
  { command: 'SIGN', label: '签署', from: ['APPROVED'], to: 'SIGNED' },
  { command: 'TERMINATE', label: '终止', from: ['SIGNED', 'ACTIVE'], to: 'TERMINATED' },
  { command: 'RENEW', label: '续签', from: ['ACTIVE', 'EXPIRED'], to: 'RENEWED' },
];

/** The states whose terms may still be edited. */
export const EDITABLE_COOP_STATUS: readonly CoopStatus[] = ['DRAFT', 'REJECTED'];

/** The events of an agreement's history, with their labels. */
export const COOP_EVENT = labels({
  CREATE: '创建',
  EDIT: '编辑',
  SUBMIT: '提交审批',
  APPROVE: '审批通过',
  REJECT: '审批驳回',
  WITHDRAW: '撤回审批',
  SIGN: '签署',
  ACTIVATE: '生效',
  EXPIRE: '到期',
  TERMINATE: '终止',
  RENEW: '续签',
});
export type CoopEvent = keyof typeof COOP_EVENT;

export const canCoop = (command: CoopCommand, status: CoopStatus) =>
  command === 'CANCEL'
    ? false
    : COOP_TRANSITIONS.some((each) => each.command === command && each.from.includes(status));

export interface CoopAgreementInput {
  partyBCustomerId: string;
  cooperationType: CooperationType;
  templateId: string;
  startDate: string;
  endDate: string;
  territory?: string | null;
  channels?: string | null;
  annualTargetCases?: number | null;
  annualTargetAmount?: number | null;
  /** 12 amounts, January to December (of the start year). */
  monthlyTargets?: number[];
  depositAmount?: number | null;
  creditLimit?: number | null;
  paymentTerms?: string | null;
  exclusivity?: boolean;
  penaltyTerms?: string | null;
  /** Rebate policies (built by the rebates module): ids only for now. */
  rebatePolicyIds?: string[];
  /** Values of the template's own variables (the agreement's fields fill the standard ones). */
  variableValues?: VariableValues;
}

export interface CoopAgreementRecord {
  id: string;
  agreementNo: string;
  partyBCustomerId: string;
  partyBName: string;
  partyBCode: string;
  cooperationType: CooperationType;
  cooperationType_dictText: string;
  startDate: string;
  endDate: string;
  annualTargetAmount: number | null;
  annualTargetCases: number | null;
  depositAmount: number | null;
  /** Ordered amount within the period (valid orders of party B). */
  achievedAmount: number;
  /** achievedAmount / annualTargetAmount, 0–n (null without a target). */
  completionRate: number | null;
  templateName: string;
  templateVersion: number;
  status: CoopStatus;
  status_dictText: string;
  /** Days until endDate (negative once past). */
  daysToEnd: number;
  previousAgreementId: string | null;
  ownerName: string | null;
  updateTime: string;
}

export interface CoopMonthProgress {
  month: number;
  target: number;
  achieved: number;
}

export interface CoopAgreementDetail extends CoopAgreementRecord {
  templateId: string;
  templateVersionId: string;
  territory: string | null;
  channels: string | null;
  monthlyTargets: number[];
  monthly: CoopMonthProgress[];
  achievedCases: number;
  creditLimit: number | null;
  paymentTerms: string | null;
  exclusivity: boolean;
  penaltyTerms: string | null;
  rebatePolicyIds: string[];
  variableValues: VariableValues;
  signedAt: string | null;
  snapshotFileId: string | null;
  terminationReason: string | null;
  renewedById: string | null;
  history: Array<{
    id: string;
    action: CoopEvent;
    action_dictText: string;
    fromStatus: CoopStatus | null;
    toStatus: CoopStatus | null;
    note: string | null;
    actorName: string | null;
    time: string;
  }>;
}

/** The standard variables every cooperation template may use; the agreement's own fields fill them. */
export const COOP_STANDARD_VARIABLES: TemplateVariable[] = [
  { name: 'agreementNo', label: '协议编号', type: 'text', sample: 'CA202601010001' },
  { name: 'partyA', label: '甲方', type: 'text', sample: '华润饮品（成都）有限公司' },
  { name: 'partyB', label: '乙方', type: 'text', sample: '成都锦江区盛达商贸' },
  { name: 'cooperationType', label: '合作类型', type: 'text', sample: '经销' },
  { name: 'startDate', label: '开始日期', type: 'date', sample: '2026-01-01' },
  { name: 'endDate', label: '结束日期', type: 'date', sample: '2026-12-31' },
  { name: 'territory', label: '授权区域', type: 'text', sample: '成都市锦江区' },
  { name: 'annualTargetAmount', label: '年度目标金额', type: 'number', sample: '1200000' },
  { name: 'annualTargetCases', label: '年度目标箱数', type: 'number', sample: '20000' },
  { name: 'depositAmount', label: '保证金', type: 'number', sample: '50000' },
  { name: 'paymentTerms', label: '付款条件', type: 'text', sample: '款到发货' },
  { name: 'penaltyTerms', label: '违约条款', type: 'text', sample: '乙方跨区窜货的，甲方有权扣除保证金。' },
  {
    name: 'monthlyTargets',
    label: '月度目标',
    type: 'array',
    fields: [
      { name: 'month', label: '月份' },
      { name: 'target', label: '目标金额' },
    ],
  },
];

/** The standard variables every display template may use; the display agreement's own fields fill them. */
export const DISPLAY_STANDARD_VARIABLES: TemplateVariable[] = [
  { name: 'agreementNo', label: '协议编号', type: 'text', sample: 'DA202601010001' },
  { name: 'partyA', label: '甲方', type: 'text', sample: '华润饮品（成都）有限公司' },
  { name: 'partyB', label: '乙方（门店）', type: 'text', sample: '好邻居便利店' },
  { name: 'displayType', label: '陈列形式', type: 'text', sample: '端架' },
  { name: 'locationDesc', label: '陈列位置', type: 'text', sample: '收银台左侧端架' },
  { name: 'startDate', label: '开始日期', type: 'date', sample: '2026-01-01' },
  { name: 'endDate', label: '结束日期', type: 'date', sample: '2026-12-31' },
  { name: 'minFacings', label: '最少排面', type: 'number', sample: '6' },
  { name: 'monthlyFee', label: '月陈列费', type: 'number', sample: '300' },
  { name: 'totalFee', label: '陈列费总额', type: 'number', sample: '3600' },
  { name: 'feeType', label: '兑付方式', type: 'text', sample: '货补' },
];

/** What a 冰柜投放协议 is filled with: the placement's own fields (server/modules/assets/lifecycle.ts). */
export const FREEZER_STANDARD_VARIABLES: TemplateVariable[] = [
  { name: 'agreementNo', label: '协议编号', type: 'text', sample: 'FA202601010001' },
  { name: 'applyNo', label: '投放申请', type: 'text', sample: 'FP202601010001' },
  { name: 'partyA', label: '甲方', type: 'text', sample: '华润饮品（成都）有限公司' },
  { name: 'partyB', label: '乙方（门店）', type: 'text', sample: '好邻居便利店' },
  { name: 'assetNo', label: '资产编号', type: 'text', sample: 'HY2026000001' },
  { name: 'modelName', label: '型号', type: 'text', sample: 'SC-400 立式单门冷藏柜' },
  { name: 'assetValue', label: '资产价值', type: 'number', sample: '3200' },
  { name: 'depositAmount', label: '押金', type: 'number', sample: '500' },
  { name: 'freeDeposit', label: '押金方式', type: 'text', sample: '收取押金' },
  { name: 'termMonths', label: '期限(月)', type: 'number', sample: '12' },
  { name: 'startDate', label: '开始日期', type: 'date', sample: '2026-01-01' },
  { name: 'expireDate', label: '到期日期', type: 'date', sample: '2026-12-31' },
];

const STANDARD_VARIABLES: Partial<Record<AgreementType, TemplateVariable[]>> = {
  COOPERATION: COOP_STANDARD_VARIABLES,
  DISPLAY: DISPLAY_STANDARD_VARIABLES,
  FREEZER: FREEZER_STANDARD_VARIABLES,
};

/** The variables a template of `type` may use: the agreement's standard ones, then the template's own. */
export function effectiveVariables(type: AgreementType, own: TemplateVariable[]): TemplateVariable[] {
  const standard = STANDARD_VARIABLES[type] ?? [];
  const names = new Set(own.map((variable) => variable.name));
  return [...standard.filter((variable) => !names.has(variable.name)), ...own];
}
