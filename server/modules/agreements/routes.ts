// Agreements under /eAgrtTmpl (协议模板) and /eCoopAgrt (合作协议), docs/agreements-api.md. Thin: the services
// own the SQL; every route has a schema and a permission code.
import type { FastifyInstance } from 'fastify';
import { codesOf } from '../../../common/businessEnums';
import {
  AGREEMENT_TYPE,
  COOPERATION_TYPE,
  SIGN_MODE,
  VARIABLE_TYPE,
  type AgreementType,
  type CoopAgreementInput,
  type TemplateInput,
  type TemplateVariable,
  type VariableValues,
} from '../../../common/agreements';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { publishTaskNotices } from '../approvals/notify';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import { submitCoop } from './approval';
import {
  addCoopAgreement,
  coopAgreementById,
  coopHtml,
  coopPdf,
  editCoopAgreement,
  listCoopAgreements,
  renewCoop,
  signCoop,
  terminateCoop,
} from './coop';
import { sendAgreementPdf } from './documents';
import { COOP_EXPORT, TEMPLATE_EXPORT } from './export';
import {
  diffVersions,
  listTemplates,
  previewTemplate,
  publishTemplate,
  retireTemplate,
  saveTemplate,
  templateById,
  templateVersions,
} from './templates';

export const AGREEMENT_PERMISSIONS = {
  templateList: 'agreementTemplate:list',
  templateEdit: 'agreementTemplate:edit',
  coopList: 'coopAgreement:list',
  coopEdit: 'coopAgreement:edit',
  coopSign: 'coopAgreement:sign',
  coopTerminate: 'coopAgreement:terminate',
} as const;

const variableName = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,39}$' } as const;

const variableSchema = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['name', 'label', 'type'],
    additionalProperties: false,
    properties: {
      name: variableName,
      label: text(40),
      type: { type: 'string', enum: codesOf(VARIABLE_TYPE) },
      options: { type: 'array', maxItems: 50, items: text(40) },
      fields: {
        type: 'array',
        maxItems: 20,
        items: {
          type: 'object',
          required: ['name', 'label'],
          additionalProperties: false,
          properties: { name: variableName, label: text(40) },
        },
      },
      sample: { type: 'string', maxLength: 200 },
    },
  },
} as const;

const templateBody = {
  type: 'object',
  required: ['code', 'name', 'agreementType', 'signMode', 'bodyHtml', 'variableSchema'],
  additionalProperties: false,
  properties: {
    id: text(32),
    code: text(32),
    name: text(64),
    agreementType: { type: 'string', enum: codesOf(AGREEMENT_TYPE) },
    signMode: { type: 'string', enum: codesOf(SIGN_MODE) },
    bodyHtml: { type: 'string', maxLength: 200000 },
    variableSchema,
  },
} as const;

/** Values of variables: text, numbers, or rows of a table (of text and numbers). */
const valuesSchema = {
  type: 'object',
  maxProperties: 100,
  additionalProperties: {
    anyOf: [
      { type: 'string', maxLength: 2000 },
      { type: 'number' },
      { type: 'null' },
      {
        type: 'array',
        maxItems: 200,
        items: {
          type: 'object',
          maxProperties: 20,
          additionalProperties: { anyOf: [{ type: 'string', maxLength: 500 }, { type: 'number' }] },
        },
      },
    ],
  },
} as const;

const money = nullable({ type: 'number', minimum: 0, maximum: 1e12 });
const optionalText = (maxLength: number) => nullable({ type: 'string', maxLength });

const coopBody = {
  type: 'object',
  required: ['partyBCustomerId', 'cooperationType', 'templateId', 'startDate', 'endDate'],
  additionalProperties: false,
  properties: {
    id: text(32),
    partyBCustomerId: text(32),
    cooperationType: { type: 'string', enum: codesOf(COOPERATION_TYPE) },
    templateId: text(32),
    startDate: text(10),
    endDate: text(10),
    territory: optionalText(200),
    channels: optionalText(200),
    annualTargetCases: money,
    annualTargetAmount: money,
    monthlyTargets: { type: 'array', maxItems: 12, items: { type: 'number', minimum: 0, maximum: 1e12 } },
    depositAmount: money,
    creditLimit: money,
    paymentTerms: optionalText(200),
    exclusivity: { type: 'boolean' },
    penaltyTerms: optionalText(2000),
    rebatePolicyIds: { type: 'array', maxItems: 50, items: text(32) },
    variableValues: valuesSchema,
  },
} as const;

const idBody = { type: 'object', required: ['id'], properties: { id: text(32) } } as const;

export async function agreementRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const P = AGREEMENT_PERMISSIONS;

  // ---- 协议模板 ----
  const tmpl = '/eAgrtTmpl';
  app.get<{ Querystring: RawQuery }>(`${tmpl}/list`, { config: requires(P.templateList) }, async (request) =>
    ok(await listTemplates(db, callerOf(request), request.query)),
  );
  app.get(`${tmpl}/exportXls`, { config: requires(P.templateList) }, (request, reply) =>
    sendExport(request, reply, TEMPLATE_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    `${tmpl}/queryById`,
    { config: requires(P.templateList), schema: { querystring: idQuerySchema } },
    async (request) => ok(await templateById(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: TemplateInput }>(
    `${tmpl}/add`,
    { config: requires(P.templateEdit), schema: { body: templateBody } },
    async (request, reply) =>
      ok(await saveTemplate(db, actorOf(request, reply), undefined, request.body), '添加成功！'),
  );
  app.post<{ Body: TemplateInput & { id: string } }>(
    `${tmpl}/edit`,
    {
      config: requires(P.templateEdit),
      schema: { body: { ...templateBody, required: [...templateBody.required, 'id'] } },
    },
    async (request, reply) => {
      const { id, ...input } = request.body;
      return ok(await saveTemplate(db, actorOf(request, reply), id, input), '保存成功');
    },
  );
  app.post<{ Body: { id: string } }>(
    `${tmpl}/publish`,
    { config: requires(P.templateEdit), schema: { body: idBody } },
    async (request, reply) => {
      const published = await publishTemplate(db, actorOf(request, reply), request.body.id);
      return ok(published, `已发布第 ${published.version} 版`);
    },
  );
  app.post<{ Body: { id: string; retired: boolean } }>(
    `${tmpl}/retire`,
    {
      config: requires(P.templateEdit),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'retired'],
          properties: { id: text(32), retired: { type: 'boolean' } },
        },
      },
    },
    async (request, reply) =>
      ok(
        await retireTemplate(db, actorOf(request, reply), request.body.id, request.body.retired),
        '操作成功',
      ),
  );
  app.get<{ Querystring: IdQuery }>(
    `${tmpl}/versions`,
    { config: requires(P.templateList), schema: { querystring: idQuerySchema } },
    async (request) => ok(await templateVersions(db, callerOf(request), request.query.id)),
  );
  app.get<{ Querystring: { id: string; from: number; to: number } }>(
    `${tmpl}/diff`,
    {
      config: requires(P.templateList),
      schema: {
        querystring: {
          type: 'object',
          required: ['id', 'from', 'to'],
          properties: {
            id: text(32),
            from: { type: 'integer', minimum: 1 },
            to: { type: 'integer', minimum: 1 },
          },
        },
      },
    },
    async (request) => {
      const { id, from, to } = request.query;
      return ok(await diffVersions(db, callerOf(request), id, from, to));
    },
  );
  app.post<{
    Body: {
      agreementType: AgreementType;
      bodyHtml: string;
      variableSchema: TemplateVariable[];
      values?: VariableValues;
    };
  }>(
    `${tmpl}/preview`,
    {
      config: requires(P.templateList),
      schema: {
        body: {
          type: 'object',
          required: ['agreementType', 'bodyHtml', 'variableSchema'],
          properties: {
            agreementType: { type: 'string', enum: codesOf(AGREEMENT_TYPE) },
            bodyHtml: { type: 'string', maxLength: 200000 },
            variableSchema,
            values: valuesSchema,
          },
        },
      },
    },
    async (request) => ok(previewTemplate(request.body)),
  );

  // ---- 合作协议 ----
  const coop = '/eCoopAgrt';
  app.get<{ Querystring: RawQuery }>(`${coop}/list`, { config: requires(P.coopList) }, async (request) =>
    ok(await listCoopAgreements(db, callerOf(request), request.query)),
  );
  app.get<{ Querystring: RawQuery }>(
    `${coop}/exportXls`,
    { config: requires(P.coopList) },
    async (request, reply) => sendExport(request, reply, COOP_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    `${coop}/queryById`,
    { config: requires(P.coopList), schema: { querystring: idQuerySchema } },
    async (request) => ok(await coopAgreementById(db, callerOf(request), request.query.id)),
  );
  app.get<{ Querystring: IdQuery }>(
    `${coop}/content`,
    { config: requires(P.coopList), schema: { querystring: idQuerySchema } },
    async (request) => ok(await coopHtml(db, callerOf(request), request.query.id)),
  );
  app.get<{ Querystring: IdQuery }>(
    `${coop}/pdf`,
    { config: requires(P.coopList), schema: { querystring: idQuerySchema } },
    async (request, reply) => sendAgreementPdf(reply, await coopPdf(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: CoopAgreementInput }>(
    `${coop}/add`,
    { config: requires(P.coopEdit), schema: { body: coopBody } },
    async (request, reply) =>
      ok(await addCoopAgreement(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.post<{ Body: CoopAgreementInput & { id: string } }>(
    `${coop}/edit`,
    {
      config: requires(P.coopEdit),
      schema: { body: { ...coopBody, required: [...coopBody.required, 'id'] } },
    },
    async (request, reply) => {
      const { id, ...input } = request.body;
      return ok(await editCoopAgreement(db, actorOf(request, reply), id, input), '编辑成功!');
    },
  );
  app.post<{ Body: { id: string } }>(
    `${coop}/submit`,
    { config: requires(P.coopEdit), schema: { body: idBody } },
    async (request, reply) => {
      const { status, notices } = await submitCoop(db, actorOf(request, reply), request.body.id);
      await publishTaskNotices(app, notices);
      return ok({ status }, '已提交审批');
    },
  );
  app.post<{ Body: { id: string; signedAt?: string | null; signatureFileIds?: string[] } }>(
    `${coop}/sign`,
    {
      config: requires(P.coopSign),
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          properties: {
            id: text(32),
            signedAt: optionalText(10),
            signatureFileIds: { type: 'array', maxItems: 9, items: text(32) },
          },
        },
      },
    },
    async (request, reply) => {
      const { id, ...input } = request.body;
      return ok(await signCoop(db, actorOf(request, reply), id, input), '已签署');
    },
  );
  app.post<{ Body: { id: string; reason: string } }>(
    `${coop}/terminate`,
    {
      config: requires(P.coopTerminate),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'reason'],
          properties: { id: text(32), reason: text(500) },
        },
      },
    },
    async (request, reply) =>
      ok(await terminateCoop(db, actorOf(request, reply), request.body.id, request.body.reason), '已终止'),
  );
  app.post<{ Body: { id: string } }>(
    `${coop}/renew`,
    { config: requires(P.coopTerminate), schema: { body: idBody } },
    async (request, reply) => ok(await renewCoop(db, actorOf(request, reply), request.body.id), '已续签'),
  );
}
