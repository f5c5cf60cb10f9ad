// /wxplatform (小程序发布): a tenant's mini-programs authorised to the WeChat third-party platform, and their
// code versions released through it. A version moves along MINI_VERSION_TRANSITIONS (common/wxplatform.ts):
// each move locks the mini-program's row (its moves happen one after another: WeChat keeps one trial
// version, one audit and one release per mini-program), asks WeChat, then applies a conditional update on
// the status and row version as read — the loser of two operators acting at once gets 409, and never asks
// WeChat. A refusal or failure of WeChat rolls the move back.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  MINI_AUTH_STATUS,
  MINI_PROGRAM_KIND,
  MINI_VERSION_STATUS,
  MINI_VERSION_TRANSITIONS,
  miniVersionActions,
  type MiniCommitInput,
  type MiniProgramKind,
  type MiniVersionStatus,
} from '../../../common/wxplatform';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError, InvalidRequestError } from '../../http/envelope';
import type { AuthorizedProgram } from '../../integrations/wxplatform/client';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound, transitionTo, withUniqueKeys } from '../shared/commands';
import { decryptSecret, encryptSecret, secretsKey } from '../payments/secrets';
import type { WxRuntime } from './runtime';

const KINDS = Object.keys(MINI_PROGRAM_KIND) as MiniProgramKind[];

/** get_auditstatus's status → the version's next state; 2 (auditing) and 4 (delayed) leave it auditing. */
const AUDIT_OUTCOME: Record<number, MiniVersionStatus | undefined> = {
  0: 'AUDIT_PASSED',
  1: 'AUDIT_FAILED',
  3: 'UPLOADED',
};

export interface WxPlatformDeps {
  db: Kysely<DB>;
  runtime: WxRuntime;
  production: boolean;
}

/** The tenant's two mini-programs (authorised or not) with their versions, newest first. */
export async function listMiniPrograms(db: Kysely<DB>, caller: Caller) {
  const programs = await db
    .selectFrom('wx_mini_programs')
    .select([
      'id',
      'kind',
      'app_id as appId',
      'status',
      shanghaiDateTime<string>('authorized_at').as('authorizedAt'),
    ])
    .where('tenant_id', '=', caller.tenantId)
    .execute();
  const versions = programs.length
    ? await db
        .selectFrom('wx_mini_versions')
        .select([
          'id',
          'program_id as programId',
          'template_id as templateId',
          'user_version as userVersion',
          'user_desc as userDesc',
          'status',
          'audit_id as auditId',
          'audit_reason as auditReason',
          shanghaiDateTime<string>('created_at').as('createdAt'),
          shanghaiDateTime<string | null>('submitted_at').as('submittedAt'),
          shanghaiDateTime<string | null>('audited_at').as('auditedAt'),
          shanghaiDateTime<string | null>('released_at').as('releasedAt'),
        ])
        .where('tenant_id', '=', caller.tenantId)
        .where(
          'program_id',
          'in',
          programs.map((program) => program.id),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    : [];
  return KINDS.map((kind) => {
    const program = programs.find((each) => each.kind === kind);
    return {
      kind,
      kind_dictText: MINI_PROGRAM_KIND[kind],
      id: program?.id ?? null,
      appId: program?.appId ?? null,
      status: program?.status ?? null,
      status_dictText: program ? MINI_AUTH_STATUS[program.status] : '未授权',
      authorizedAt: program?.authorizedAt ?? null,
      versions: versions
        .filter((version) => version.programId === program?.id)
        .map((version) => ({
          ...version,
          status_dictText: MINI_VERSION_STATUS[version.status],
          actions: miniVersionActions(version.status),
        })),
    };
  });
}

/** Where the administrator authorises a mini-program; WeChat redirects back to `redirectUri` with auth_code. */
export async function authorizationUrl(deps: WxPlatformDeps, redirectUri: string): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(redirectUri);
  } catch {
    throw new InvalidRequestError('回调地址无效');
  }
  if (!['http:', 'https:'].includes(parsed.protocol)) throw new InvalidRequestError('回调地址无效');
  return deps.runtime.platform(deps.db).authorizationPage(redirectUri);
}

/**
 * The mini-program behind an auth_code becomes the tenant's mini-program of `kind` (replacing an earlier one
 * of that kind). A mini-program another tenant manages is refused: it is theirs until they give it up.
 */
export async function completeAuthorization(
  deps: WxPlatformDeps,
  actor: Actor,
  kind: MiniProgramKind,
  authCode: string,
) {
  const authorized = await deps.runtime.platform(deps.db).queryAuth(authCode);
  const refreshTokenEnc = encryptSecret(await secretsKey(deps.db, deps.production), authorized.refreshToken);
  return deps.db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('wx_mini_programs')
      .select(['tenant_id', 'kind'])
      .where('app_id', '=', authorized.appId)
      .executeTakeFirst();
    if (owner && (owner.tenant_id !== actor.tenantId || owner.kind !== kind))
      throw new BusinessError(409, `小程序 ${authorized.appId} 已由其他企业或作为其他小程序授权`);
    const values = {
      app_id: authorized.appId,
      refresh_token_enc: refreshTokenEnc,
      status: 'AUTHORIZED' as const,
      authorized_at: new Date(),
      updated_by: actor.userId,
      updated_at: new Date(),
    };
    const existing = await trx
      .selectFrom('wx_mini_programs')
      .select(['id', 'app_id'])
      .where('tenant_id', '=', actor.tenantId)
      .where('kind', '=', kind)
      .forUpdate()
      .executeTakeFirst();
    if (existing && existing.app_id !== authorized.appId) {
      const versions = await trx
        .selectFrom('wx_mini_versions')
        .select('id')
        .where('program_id', '=', existing.id)
        .executeTakeFirst();
      if (versions)
        throw new BusinessError(409, `${MINI_PROGRAM_KIND[kind]}已有发布记录，不能改授权为其他小程序`);
    }
    const saved = await withUniqueKeys({ wx_mini_programs_app_uq: '该小程序已由其他企业授权' }, () =>
      existing
        ? trx
            .updateTable('wx_mini_programs')
            .set(values)
            .where('id', '=', existing.id)
            .returning('id')
            .executeTakeFirstOrThrow()
        : trx
            .insertInto('wx_mini_programs')
            .values({ id: newId(), tenant_id: actor.tenantId, kind, created_by: actor.userId, ...values })
            .returning('id')
            .executeTakeFirstOrThrow(),
    );
    await logOperation(
      trx,
      actor,
      'update',
      `授权${MINI_PROGRAM_KIND[kind]} ${authorized.appId} 给第三方平台`,
    );
    return { id: saved.id, appId: authorized.appId };
  });
}

/** The tenant's authorised mini-program, locked for the rest of the transaction. */
async function lockedProgram(trx: Transaction<DB>, deps: WxPlatformDeps, tenantId: string, id: string) {
  const program = await trx
    .selectFrom('wx_mini_programs')
    .select(['id', 'kind', 'app_id', 'refresh_token_enc', 'status'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  if (!program) throw notFound('小程序');
  if (program.status !== 'AUTHORIZED') throw new BusinessError(409, '小程序已取消授权，请重新授权');
  const key = await secretsKey(trx, deps.production);
  const authorized: AuthorizedProgram = {
    appId: program.app_id,
    refreshToken: decryptSecret(key, program.refresh_token_enc),
  };
  return { ...program, authorized };
}

const auditing = (trx: Transaction<DB>, programId: string) =>
  trx
    .selectFrom('wx_mini_versions')
    .select('user_version')
    .where('program_id', '=', programId)
    .where('status', '=', 'AUDITING')
    .executeTakeFirst();

/** Uploads code template `templateId` to the mini-program as a new version (UPLOADED). */
export async function commitVersion(deps: WxPlatformDeps, actor: Actor, input: MiniCommitInput) {
  const extJson = input.extJson?.trim() ? input.extJson.trim() : '{}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(extJson);
  } catch {
    throw new InvalidRequestError('ext.json 不是有效的 JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new InvalidRequestError('ext.json 必须是 JSON 对象');
  return deps.db.transaction().execute(async (trx) => {
    const program = await lockedProgram(trx, deps, actor.tenantId, input.programId);
    const pending = await auditing(trx, program.id);
    if (pending)
      throw new BusinessError(409, `版本 ${pending.user_version} 正在审核，审核结束后才能上传新版本`);
    const saved = await withUniqueKeys({ wx_mini_versions_uq: `版本号 ${input.userVersion} 已存在` }, () =>
      trx
        .insertInto('wx_mini_versions')
        .values({
          id: newId(),
          tenant_id: actor.tenantId,
          program_id: program.id,
          template_id: input.templateId.trim(),
          user_version: input.userVersion.trim(),
          user_desc: input.userDesc.trim(),
          ext_json: input.extJson?.trim() ? extJson : null,
          created_by: actor.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    await deps.runtime.platform(deps.db).commit(program.authorized, {
      templateId: input.templateId.trim(),
      extJson,
      userVersion: input.userVersion.trim(),
      userDesc: input.userDesc.trim(),
    });
    await logOperation(trx, actor, 'add', `上传${MINI_PROGRAM_KIND[program.kind]}版本 ${input.userVersion}`);
    return saved;
  });
}

type VersionRow = { id: string; status: MiniVersionStatus; row_version: number; user_version: string };

/** Moves a version as read to `to`; someone else moved it first: 409. */
async function moveVersion(
  trx: Transaction<DB>,
  version: VersionRow,
  to: MiniVersionStatus,
  set: Partial<
    Record<'audit_id' | 'audit_reason' | 'submitted_at' | 'audited_at' | 'released_at', unknown>
  > = {},
  actor?: Actor,
) {
  transitionTo(MINI_VERSION_TRANSITIONS, MINI_VERSION_STATUS, version.status, to);
  const moved = await trx
    .updateTable('wx_mini_versions')
    .set({
      ...(set as object),
      status: to,
      row_version: sql`row_version + 1`,
      updated_at: new Date(),
      ...(actor && { updated_by: actor.userId }),
    })
    .where('id', '=', version.id)
    .where('status', '=', version.status)
    .where('row_version', '=', version.row_version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw changedMeanwhile(`版本 ${version.user_version}`);
}

/** The version of the tenant with its program locked. */
async function lockedVersion(trx: Transaction<DB>, deps: WxPlatformDeps, tenantId: string, id: string) {
  const found = await trx
    .selectFrom('wx_mini_versions')
    .select('program_id')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!found) throw notFound('版本');
  const program = await lockedProgram(trx, deps, tenantId, found.program_id);
  // Read after the lock: the state another move committed meanwhile.
  const version = await trx
    .selectFrom('wx_mini_versions')
    .select(['id', 'status', 'row_version', 'user_version', 'user_desc', 'audit_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { program, version };
}

export async function submitAudit(deps: WxPlatformDeps, actor: Actor, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const { program, version } = await lockedVersion(trx, deps, actor.tenantId, id);
    transitionTo(MINI_VERSION_TRANSITIONS, MINI_VERSION_STATUS, version.status, 'AUDITING');
    const pending = await auditing(trx, program.id);
    if (pending)
      throw new BusinessError(409, `版本 ${pending.user_version} 正在审核，同一时间只能有一个版本在审核`);
    const auditId = await deps.runtime.platform(deps.db).submitAudit(program.authorized, version.user_desc);
    await moveVersion(
      trx,
      version,
      'AUDITING',
      { audit_id: auditId, audit_reason: null, submitted_at: new Date() },
      actor,
    );
    await logOperation(
      trx,
      actor,
      'update',
      `提交审核 ${MINI_PROGRAM_KIND[program.kind]}版本 ${version.user_version}`,
    );
    return { id, status: 'AUDITING' as const, auditId };
  });
}

/**
 * Asks WeChat for the audit result of an AUDITING version and applies it (passed, rejected with the
 * reason, withdrawn back to UPLOADED); still auditing changes nothing. `actor` null: the polling job.
 */
export async function refreshAudit(deps: WxPlatformDeps, tenantId: string, id: string, actor: Actor | null) {
  return deps.db.transaction().execute(async (trx) => {
    const { program, version } = await lockedVersion(trx, deps, tenantId, id);
    if (version.status !== 'AUDITING' || !version.audit_id)
      throw new BusinessError(409, `当前状态为「${MINI_VERSION_STATUS[version.status]}」，不在审核中`);
    const result = await deps.runtime.platform(deps.db).auditStatus(program.authorized, version.audit_id);
    const next = AUDIT_OUTCOME[result.status];
    if (!next) return { id, status: version.status };
    await moveVersion(trx, version, next, {
      audit_id: next === 'UPLOADED' ? null : version.audit_id,
      audited_at: next === 'UPLOADED' ? null : new Date(),
      audit_reason: next === 'AUDIT_FAILED' ? (result.reason ?? '审核未通过') : null,
    });
    if (actor)
      await logOperation(
        trx,
        actor,
        'update',
        `刷新审核结果 版本 ${version.user_version}：${MINI_VERSION_STATUS[next]}`,
      );
    return { id, status: next };
  });
}

/** Every AUDITING version's result, for the polling job; one failing does not stop the others. */
export async function refreshAllAudits(deps: WxPlatformDeps): Promise<number> {
  const open = await deps.db
    .selectFrom('wx_mini_versions')
    .select(['id', 'tenant_id'])
    .where('status', '=', 'AUDITING')
    .execute();
  let settled = 0;
  for (const version of open) {
    try {
      const { status } = await refreshAudit(deps, version.tenant_id, version.id, null);
      if (status !== 'AUDITING') settled += 1;
    } catch {
      // Left for the next round (WeChat unreachable, or someone refreshed it meanwhile).
    }
  }
  return settled;
}

/** Releases an AUDIT_PASSED version; the version released before it becomes SUPERSEDED. */
export async function releaseVersion(deps: WxPlatformDeps, actor: Actor, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const { program, version } = await lockedVersion(trx, deps, actor.tenantId, id);
    transitionTo(MINI_VERSION_TRANSITIONS, MINI_VERSION_STATUS, version.status, 'RELEASED');
    const live = await trx
      .selectFrom('wx_mini_versions')
      .select(['id', 'status', 'row_version', 'user_version'])
      .where('program_id', '=', program.id)
      .where('status', '=', 'RELEASED')
      .executeTakeFirst();
    await deps.runtime.platform(deps.db).release(program.authorized);
    if (live) await moveVersion(trx, live, 'SUPERSEDED');
    await moveVersion(trx, version, 'RELEASED', { released_at: new Date() }, actor);
    await logOperation(
      trx,
      actor,
      'update',
      `发布${MINI_PROGRAM_KIND[program.kind]}版本 ${version.user_version}`,
    );
    return { id, status: 'RELEASED' as const };
  });
}

/**
 * 版本回退 of the RELEASED version (revertcoderelease): it becomes ROLLED_BACK and the version released
 * before it (the latest SUPERSEDED one) RELEASED again. Without an earlier release there is nothing to go back to.
 */
export async function rollbackVersion(deps: WxPlatformDeps, actor: Actor, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const { program, version } = await lockedVersion(trx, deps, actor.tenantId, id);
    transitionTo(MINI_VERSION_TRANSITIONS, MINI_VERSION_STATUS, version.status, 'ROLLED_BACK');
    const previous = await trx
      .selectFrom('wx_mini_versions')
      .select(['id', 'status', 'row_version', 'user_version'])
      .where('program_id', '=', program.id)
      .where('status', '=', 'SUPERSEDED')
      .orderBy('released_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!previous) throw new BusinessError(409, '没有可回退的上一个线上版本');
    await deps.runtime.platform(deps.db).revertCodeRelease(program.authorized);
    await moveVersion(trx, version, 'ROLLED_BACK', {}, actor);
    await moveVersion(trx, previous, 'RELEASED', { released_at: new Date() }, actor);
    await logOperation(
      trx,
      actor,
      'update',
      `版本回退 ${MINI_PROGRAM_KIND[program.kind]}：${version.user_version} → ${previous.user_version}`,
    );
    return { id, status: 'ROLLED_BACK' as const, releasedId: previous.id };
  });
}
