// Mini-program administration (issue #22): the tenant's mini-programs authorised to the WeChat third-party
// platform (/wxplatform), the code versions released through it, and what the mini-programs call that is
// WeChat-specific (/wxapi). Shared by the server and the SPA.

const labels = <T extends string>(entries: Record<T, string>) => entries;

/** Which of the tenant's mini-programs (the /wxconfig kinds of mini-program). */
export const MINI_PROGRAM_KIND = labels({ MINI_MALL: '商城小程序', MINI_EMPLOYEE: '内购小程序' });
export type MiniProgramKind = keyof typeof MINI_PROGRAM_KIND;

export const MINI_AUTH_STATUS = labels({ AUTHORIZED: '已授权', UNAUTHORIZED: '已取消授权' });
export type MiniAuthStatus = keyof typeof MINI_AUTH_STATUS;

/**
 * A code version of a mini-program. UPLOADED (commit) → AUDITING (submit_audit) → AUDIT_PASSED / AUDIT_FAILED
 * (get_auditstatus; withdrawn at WeChat: UPLOADED again) → RELEASED (release); releasing another version makes the released one SUPERSEDED;
 * 版本回退 (revertcoderelease) makes the released one ROLLED_BACK and the last SUPERSEDED one RELEASED again.
 */
export const MINI_VERSION_STATUS = labels({
  UPLOADED: '已上传',
  AUDITING: '审核中',
  AUDIT_PASSED: '审核通过',
  AUDIT_FAILED: '审核驳回',
  RELEASED: '已发布',
  SUPERSEDED: '已被替换',
  ROLLED_BACK: '已回退',
});
export type MiniVersionStatus = keyof typeof MINI_VERSION_STATUS;

export interface MiniVersionTransition {
  from: readonly MiniVersionStatus[];
  to: MiniVersionStatus;
  /** What the user did: 提交审核, 发布 … */
  action: string;
}

/** Every move a version may make; the server refuses any other with 409. */
export const MINI_VERSION_TRANSITIONS: readonly MiniVersionTransition[] = [
  { from: ['UPLOADED', 'AUDIT_FAILED'], to: 'AUDITING', action: '提交审核' },
  { from: ['AUDITING'], to: 'AUDIT_PASSED', action: '审核通过' },
  { from: ['AUDITING'], to: 'AUDIT_FAILED', action: '审核驳回' },
  { from: ['AUDITING'], to: 'UPLOADED', action: '撤回审核' },
  { from: ['AUDIT_PASSED'], to: 'RELEASED', action: '发布' },
  { from: ['RELEASED'], to: 'SUPERSEDED', action: '被新版本替换' },
  { from: ['RELEASED'], to: 'ROLLED_BACK', action: '版本回退' },
  { from: ['SUPERSEDED'], to: 'RELEASED', action: '回退为线上版本' },
];

/** The actions a version's row offers in its status (the server decides; this only shows the buttons). */
export const miniVersionActions = (status: MiniVersionStatus) => ({
  submit: status === 'UPLOADED' || status === 'AUDIT_FAILED',
  refresh: status === 'AUDITING',
  release: status === 'AUDIT_PASSED',
  rollback: status === 'RELEASED',
});

/** /wxplatform/version/commit: upload a code template as a new version. */
export interface MiniCommitInput {
  programId: string;
  templateId: string;
  userVersion: string;
  userDesc: string;
  /** ext.json of the third-party platform's template (a JSON object as text); optional. */
  extJson?: string | null;
}

/**
 * The order events a buyer who signed in through a mini-program may get a subscription message (订阅消息) of:
 * the mall's orders (paid, shipped, completed, cancelled/rejected/voided, refunded) and the employee shop's
 * (paid, ready for pickup, picked up, cancelled, refunded). Each has its template in /wxconfig.
 */
export const MINI_MESSAGE_EVENT = labels({
  PAID: '支付成功',
  SHIPPED: '已发货/备货完成',
  COMPLETED: '已完成/已提货',
  CANCELLED: '订单取消',
  REFUNDED: '退款成功',
});
export type MiniMessageEvent = keyof typeof MINI_MESSAGE_EVENT;

/** What a template's keyword carries. */
export const MINI_MESSAGE_VALUE = labels({
  orderNo: '订单号',
  status: '订单状态',
  time: '时间',
  amount: '金额',
  remark: '备注',
});
export type MiniMessageValue = keyof typeof MINI_MESSAGE_VALUE;

/**
 * The keywords of the mini-program's templates (as WeChat names them when the template is added:
 * character_string1, thing2 …) and what each carries, `keyword=value` separated by commas; blank: this one.
 */
export const DEFAULT_MESSAGE_FIELDS =
  'character_string1=orderNo,phrase2=status,time3=time,amount4=amount,thing5=remark';

/** The keyword → value pairs of a fields text, or the reason it is refused. */
export function parseMessageFields(
  text: string | null | undefined,
): { fields: Array<[string, MiniMessageValue]> } | { error: string } {
  const source = text?.trim() ? text : DEFAULT_MESSAGE_FIELDS;
  const fields: Array<[string, MiniMessageValue]> = [];
  for (const part of source.split(/[,，\s]+/).filter(Boolean)) {
    const [keyword, value] = part.split('=').map((each) => each.trim());
    if (!/^[a-z_]+\d+$/.test(keyword ?? '')) return { error: `模板字段 ${part} 的关键词无效` };
    if (!(value in MINI_MESSAGE_VALUE))
      return { error: `模板字段 ${part} 的取值应为 ${Object.keys(MINI_MESSAGE_VALUE).join('、')} 之一` };
    if (fields.some(([each]) => each === keyword)) return { error: `模板字段 ${keyword} 重复` };
    fields.push([keyword, value as MiniMessageValue]);
  }
  if (fields.length > 10) return { error: '模板字段最多 10 个' };
  return { fields };
}
