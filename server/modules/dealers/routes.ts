// 经销商档案 and dealer accounts under /eDealer (docs/dealers-api.md). Thin: the service owns the SQL.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { sendExport } from '../jobs/exports';
import { callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import { actorOf } from '../system/commands';
import {
  accountDealerOptions,
  addAccount,
  DEALER_ACCOUNT_EXPORT,
  dealerById,
  DEALER_EXPORT,
  dealerRoleOptions,
  DEALER_PERMISSIONS as P,
  editAccount,
  listAccounts,
  listDealers,
  saveProfile,
  type AccountEdit,
  type AccountInput,
  type ProfileInput,
} from './service';

const optionalText = (maxLength: number) => nullable({ type: 'string', maxLength });
const date = nullable({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const codes = { type: 'array', maxItems: 200, items: text(32) } as const;

const profileProperties = {
  id: text(32),
  legalPerson: optionalText(32),
  taxNo: optionalText(32),
  invoiceTitle: optionalText(128),
  bankName: optionalText(64),
  bankAccount: optionalText(40),
  licenseNo: optionalText(32),
  authorizedAreaCodes: codes,
  authorizedChannels: codes,
  contractNo: optionalText(64),
  contractStart: date,
  contractEnd: date,
  depositAmount: nullable({ type: 'number', minimum: 0, maximum: 999999999999 }),
  annualTargetCases: nullable({ type: 'integer', minimum: 0, maximum: 100000000 }),
  dmsEnabled: { type: 'boolean' },
  erpType: nullable({ type: 'string', enum: ['KINGDEE_K3CLOUD', 'CHANJET_TPLUS', 'NONE'] }),
  remark: optionalText(256),
} as const;

const roleIds = { type: 'array', minItems: 1, maxItems: 20, items: text(32) } as const;
const accountProperties = {
  dealerId: text(32),
  realname: text(32),
  phone: optionalText(20),
  roleIds,
} as const;

export async function dealerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get<{ Querystring: RawQuery }>('/eDealer/list', { config: requires(P.list) }, async (request) =>
    ok(await listDealers(db, callerOf(request), request.query)),
  );
  app.get('/eDealer/exportXls', { config: requires(P.list) }, (request, reply) =>
    sendExport(request, reply, DEALER_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eDealer/queryById',
    { config: requires(P.list), schema: { querystring: idQuerySchema } },
    async (request) => ok(await dealerById(db, callerOf(request), request.query.id)),
  );
  app.put<{ Body: ProfileInput }>(
    '/eDealer/profile/edit',
    {
      config: requires(P.edit),
      schema: { body: { type: 'object', required: ['id'], properties: profileProperties } },
    },
    async (request, reply) => {
      await saveProfile(db, actorOf(request, reply), request.body);
      return ok(null, '保存成功');
    },
  );

  // Accounts: a brand user's of the dealers in his scope; a dealer's administrator manages its own.
  app.get('/eDealer/account/list', { config: requires(P.account) }, async (request) =>
    ok(await listAccounts(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eDealer/account/exportXls', { config: requires(P.account) }, (request, reply) =>
    sendExport(request, reply, DEALER_ACCOUNT_EXPORT),
  );
  app.get<{ Querystring: { keyword?: string } }>(
    '/eDealer/account/dealerOptions',
    {
      config: requires(P.account),
      schema: { querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 64 } } } },
    },
    async (request) => ok(await accountDealerOptions(db, callerOf(request), request.query.keyword)),
  );
  app.get('/eDealer/account/roleOptions', { config: requires(P.account) }, async (request) =>
    ok(await dealerRoleOptions(db, callerOf(request))),
  );
  app.post<{ Body: AccountInput }>(
    '/eDealer/account/add',
    {
      config: requires(P.account),
      schema: {
        body: {
          type: 'object',
          required: ['username', 'realname', 'password', 'roleIds'],
          properties: {
            ...accountProperties,
            username: { type: 'string', minLength: 2, maxLength: 32, pattern: '^[A-Za-z0-9_.@-]+$' },
            password: text(64),
          },
        },
      },
    },
    async (request, reply) => ok(await addAccount(db, actorOf(request, reply), request.body), '添加成功'),
  );
  app.put<{ Body: AccountEdit }>(
    '/eDealer/account/edit',
    {
      config: requires(P.account),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'realname', 'roleIds'],
          properties: { ...accountProperties, id: text(32), status: { type: 'integer', enum: [1, 2] } },
        },
      },
    },
    async (request, reply) => {
      await editAccount(db, actorOf(request, reply), request.body);
      return ok(null, '编辑成功');
    },
  );
}
