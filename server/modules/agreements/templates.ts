// 协议模板 (DOMAIN §1.8): a template's draft (body and variables) is edited freely; 发布 copies the draft into a
// new immutable version (1, 2, …) that agreements are made from; 停用 retires it (its agreements keep their
// version). Versions are never changed or removed, so an agreement renders as it was made, years later.
import { sql, type Kysely } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import {
  AGREEMENT_TYPE,
  SIGN_MODE,
  TEMPLATE_STATUS,
  effectiveVariables,
  type AgreementType,
  type DiffLine,
  type TemplateInput,
  type TemplateRecord,
  type TemplateVariable,
  type TemplateVersionRecord,
  type VariableValues,
} from '../../../common/agreements';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound, withUniqueKeys } from '../shared/commands';
import {
  cleanTemplateHtml,
  diffLines,
  renderAgreement,
  sampleValues,
  textLinesOf,
  undefinedVariables,
} from './render';

const listSpec: ListSpec = {
  filters: {
    code: { column: 'agreement_templates.code', kind: 'text' },
    name: { column: 'agreement_templates.name', kind: 'text' },
    agreementType: {
      column: 'agreement_templates.agreement_type',
      kind: 'enum',
      values: codesOf(AGREEMENT_TYPE),
    },
    status: { column: 'agreement_templates.status', kind: 'enum', values: codesOf(TEMPLATE_STATUS) },
  },
  sorts: {
    code: 'agreement_templates.code',
    name: 'agreement_templates.name',
    updateTime: 'agreement_templates.updated_at',
  },
  defaultSort: [
    ['agreement_templates.updated_at', 'desc'],
    ['agreement_templates.id', 'desc'],
  ],
};

const baseQuery = (db: Kysely<DB>, tenantId: string) =>
  db
    .selectFrom('agreement_templates')
    .leftJoin('users as publisher', 'publisher.id', 'agreement_templates.published_by')
    .leftJoin('agreement_template_versions as latest', (join) =>
      join
        .onRef('latest.template_id', '=', 'agreement_templates.id')
        .onRef('latest.version', '=', 'agreement_templates.current_version'),
    )
    .where('agreement_templates.tenant_id', '=', tenantId);

/** JSON with sorted keys: jsonb keeps its own key order, so two equal schemas compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, each: unknown) =>
    each && typeof each === 'object' && !Array.isArray(each)
      ? Object.fromEntries(Object.entries(each).sort(([a], [b]) => (a < b ? -1 : 1)))
      : each,
  );

async function records(query: ReturnType<typeof baseQuery>): Promise<TemplateRecord[]> {
  const rows = await query
    .selectAll('agreement_templates')
    .select([
      'publisher.realname as publisherName',
      'latest.id as latestId',
      'latest.body_html as latestBody',
      'latest.variable_schema as latestSchema',
      shanghaiDateTime<string | null>('agreement_templates.published_at').as('publishedText'),
      shanghaiDateTime('agreement_templates.updated_at').as('updateTime'),
    ])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    agreementType: row.agreement_type,
    agreementType_dictText: AGREEMENT_TYPE[row.agreement_type],
    signMode: row.sign_mode,
    signMode_dictText: SIGN_MODE[row.sign_mode],
    bodyHtml: row.body_html,
    variableSchema: row.variable_schema,
    status: row.status,
    status_dictText: TEMPLATE_STATUS[row.status],
    currentVersion: row.current_version,
    currentVersionId: row.latestId,
    draftChanged:
      row.latestId === null ||
      row.latestBody !== row.body_html ||
      canonical(row.latestSchema) !== canonical(effectiveVariables(row.agreement_type, row.variable_schema)),
    publishedAt: row.publishedText,
    publishedByName: row.publisherName,
    updateTime: row.updateTime,
  }));
}

export async function listTemplates(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, listSpec);
  return pagedList(baseQuery(db, caller.tenantId).where(list.where), list, (page) => records(page));
}

export async function templateById(db: Kysely<DB>, caller: Caller, id: string): Promise<TemplateRecord> {
  const [record] = await records(baseQuery(db, caller.tenantId).where('agreement_templates.id', '=', id));
  if (!record) throw notFound('协议模板');
  return record;
}

/** Checks what a schema cannot: variable names unique, arrays with columns, options with choices. */
function checkVariables(variables: TemplateVariable[]) {
  const names = new Set<string>();
  for (const variable of variables) {
    if (names.has(variable.name)) throw new BusinessError(400, `变量名「${variable.name}」重复`);
    names.add(variable.name);
    if (variable.type === 'array' && !(variable.fields && variable.fields.length > 0))
      throw new BusinessError(400, `表格数据变量「${variable.label}」请至少定义一列`);
    if (variable.type === 'options' && !(variable.options && variable.options.length > 0))
      throw new BusinessError(400, `选项变量「${variable.label}」请填写可选项`);
  }
}

export async function saveTemplate(
  db: Kysely<DB>,
  actor: Actor,
  id: string | undefined,
  input: TemplateInput,
): Promise<{ id: string }> {
  checkVariables(input.variableSchema);
  const values = {
    code: input.code.trim(),
    name: input.name.trim(),
    agreement_type: input.agreementType,
    sign_mode: input.signMode,
    body_html: cleanTemplateHtml(input.bodyHtml),
    variable_schema: JSON.stringify(input.variableSchema),
    updated_by: actor.userId,
  };
  return db.transaction().execute(async (trx) => {
    const saved = await withUniqueKeys(
      { agreement_templates_code_uq: `模板编码 ${values.code} 已存在` },
      () =>
        id === undefined
          ? trx
              .insertInto('agreement_templates')
              .values({ ...values, id: newId(), tenant_id: actor.tenantId, created_by: actor.userId })
              .returning('id')
              .executeTakeFirstOrThrow()
          : trx
              .updateTable('agreement_templates')
              .set({ ...values, updated_at: new Date(), version: sql`version + 1` })
              .where('id', '=', id)
              .where('tenant_id', '=', actor.tenantId)
              .where('status', '<>', 'RETIRED')
              .returning('id')
              .executeTakeFirst(),
    );
    if (!saved) throw notFound('协议模板（或已停用）');
    await logOperation(
      trx,
      actor,
      id === undefined ? 'add' : 'update',
      `${id === undefined ? '新增' : '编辑'}协议模板 ${values.code} ${values.name}`,
    );
    return { id: saved.id };
  });
}

/** 发布: the draft becomes version current+1 (immutable); the template is PUBLISHED. */
export async function publishTemplate(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<{ version: number; versionId: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('agreement_templates')
      .selectAll()
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!row) throw notFound('协议模板');
    if (row.status === 'RETIRED') throw new BusinessError(409, '模板已停用，不能发布');
    if (!row.body_html.replace(/<[^>]*>/g, '').trim()) throw new BusinessError(400, '请先填写模板正文');
    // The version keeps the variables in force (the standard ones included), so it renders alone.
    const variables = effectiveVariables(row.agreement_type, row.variable_schema);
    const unknown = undefinedVariables(row.body_html, variables);
    if (unknown.length > 0)
      throw new BusinessError(400, `正文使用了未定义的变量：${unknown.join('、')}，请先在变量中定义`);
    const version = row.current_version + 1;
    const moved = await trx
      .updateTable('agreement_templates')
      .set({
        current_version: version,
        status: 'PUBLISHED',
        published_at: new Date(),
        published_by: actor.userId,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .where('version', '=', row.version)
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw changedMeanwhile('协议模板');
    const versionId = newId();
    await trx
      .insertInto('agreement_template_versions')
      .values({
        id: versionId,
        tenant_id: actor.tenantId,
        template_id: id,
        version,
        body_html: row.body_html,
        variable_schema: JSON.stringify(variables),
        published_by: actor.userId,
      })
      .execute();
    await logOperation(trx, actor, 'update', `发布协议模板 ${row.code} ${row.name} 第${version}版`);
    return { version, versionId };
  });
}

/** 停用 / 启用: a retired template makes no new agreements; enabling it back keeps its versions. */
export async function retireTemplate(db: Kysely<DB>, actor: Actor, id: string, retired: boolean) {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('agreement_templates')
      .set({
        status: retired ? 'RETIRED' : sql`case when current_version > 0 then 'PUBLISHED' else 'DRAFT' end`,
        updated_at: new Date(),
        updated_by: actor.userId,
      })
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .returning(['code', 'name', 'status'])
      .executeTakeFirst();
    if (!changed) throw notFound('协议模板');
    await logOperation(
      trx,
      actor,
      'update',
      `${retired ? '停用' : '启用'}协议模板 ${changed.code} ${changed.name}`,
    );
    return { status: changed.status };
  });
}

export async function templateVersions(
  db: Kysely<DB>,
  caller: Caller,
  templateId: string,
): Promise<TemplateVersionRecord[]> {
  const rows = await db
    .selectFrom('agreement_template_versions')
    .leftJoin('users', 'users.id', 'agreement_template_versions.published_by')
    .selectAll('agreement_template_versions')
    .select([
      'users.realname as publisherName',
      shanghaiDateTime('agreement_template_versions.published_at').as('publishedText'),
    ])
    .where('agreement_template_versions.template_id', '=', templateId)
    .where('agreement_template_versions.tenant_id', '=', caller.tenantId)
    .orderBy('agreement_template_versions.version', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    templateId: row.template_id,
    version: row.version,
    bodyHtml: row.body_html,
    variableSchema: row.variable_schema,
    publishedAt: row.publishedText,
    publishedByName: row.publisherName,
  }));
}

/** A published version of the tenant (what an agreement renders with). */
export async function versionById(db: Kysely<DB>, tenantId: string, versionId: string) {
  const row = await db
    .selectFrom('agreement_template_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('模板版本');
  return { ...row, bodyHtml: row.body_html, variableSchema: row.variable_schema };
}

/** The latest published version of a template that may make a new agreement of `type`. */
export async function publishedVersionOf(
  db: Kysely<DB>,
  tenantId: string,
  templateId: string,
  type: AgreementType,
) {
  const template = await db
    .selectFrom('agreement_templates')
    .select(['id', 'name', 'status', 'agreement_type', 'current_version'])
    .where('id', '=', templateId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!template) throw notFound('协议模板');
  if (template.agreement_type !== type)
    throw new BusinessError(400, `请选择「${AGREEMENT_TYPE[type]}」类型的模板`);
  if (template.status !== 'PUBLISHED') throw new BusinessError(400, `模板「${template.name}」未发布或已停用`);
  const version = await db
    .selectFrom('agreement_template_versions')
    .selectAll()
    .where('template_id', '=', templateId)
    .where('version', '=', template.current_version)
    .executeTakeFirstOrThrow();
  return { ...version, templateName: template.name };
}

/** The tenant's published templates of a type, for a picker of the agreements made from them. */
export function publishedTemplatesOf(db: Kysely<DB>, tenantId: string, type: AgreementType) {
  return db
    .selectFrom('agreement_templates')
    .select(['id', 'name', 'current_version as currentVersion'])
    .where('tenant_id', '=', tenantId)
    .where('agreement_type', '=', type)
    .where('status', '=', 'PUBLISHED')
    .orderBy('name')
    .execute();
}

/** 版本对比: the text lines of version `from` against version `to` of one template. */
export async function diffVersions(
  db: Kysely<DB>,
  caller: Caller,
  templateId: string,
  from: number,
  to: number,
): Promise<DiffLine[]> {
  const rows = await db
    .selectFrom('agreement_template_versions')
    .select(['version', 'body_html'])
    .where('template_id', '=', templateId)
    .where('tenant_id', '=', caller.tenantId)
    .where('version', 'in', [from, to])
    .execute();
  const body = (version: number) => rows.find((row) => row.version === version)?.body_html;
  const fromBody = body(from);
  const toBody = body(to);
  if (fromBody === undefined || toBody === undefined) throw notFound('模板版本');
  return diffLines(textLinesOf(fromBody), textLinesOf(toBody));
}

/** 预览: the (unsaved) body rendered with the given values, or each variable's sample. */
export function previewTemplate(input: {
  agreementType: AgreementType;
  bodyHtml: string;
  variableSchema: TemplateVariable[];
  values?: VariableValues;
}): { html: string } {
  const variableSchema = effectiveVariables(input.agreementType, input.variableSchema);
  const version = { bodyHtml: cleanTemplateHtml(input.bodyHtml), variableSchema };
  return {
    html: renderAgreement(version, { ...sampleValues(variableSchema), ...(input.values ?? {}) }),
  };
}
