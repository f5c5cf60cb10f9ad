// ERP configuration (/eErpConfig, DOMAIN §1.5 ErpConnection and ErpMapping): a tenant's connections with
// their credentials (the secret is write-only: never answered, blank on edit keeps it), the connection test,
// and the code mappings of each connection — listed, edited one by one or imported from Excel. A mapping
// that becomes usable re-queues the tasks that waited for it; a good test re-queues those that waited for
// the credentials.
import type { Readable } from 'node:stream';
import { sql, type Kysely, type Transaction } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import {
  ERP_CONNECTION_STATUS,
  ERP_MAPPING_ENTITY_TYPE,
  ERP_MAPPING_STATUS,
  ERP_SYSTEM_TYPE,
} from '../../../common/erpSync';
import { RECEIPT_CHANNEL } from '../../../common/orders';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, ErpConnectionStatus, ErpMappingEntityType, ErpSystemType } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  parseListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import { ErpAddressError, ErpCallError, type ErpRuntime } from '../../integrations/erp';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { notFound, withUniqueKeys } from '../shared/commands';
import {
  ImportCellError,
  readImportSheet,
  reportError,
  type ImportColumn,
  type ImportReport,
} from '../shared/excel';
import { clientOf, connectionRow, requeueWaiting } from './worker';

export interface ConnectionInput {
  name: string;
  systemType: ErpSystemType;
  baseUrl: string;
  acctId: string;
  appId: string;
  /** Required for a new connection; blank on edit keeps the stored one. */
  appSecret?: string | null;
  userName: string;
  saleOrgCode?: string | null;
  defaultBillType?: string | null;
  defaultWarehouseCode?: string | null;
  timeoutMs?: number;
  networkRetries?: number;
  /** A person may enable or disable; AUTH_FAILED is the worker's and clears with a good test. */
  status?: Exclude<ErpConnectionStatus, 'AUTH_FAILED'>;
  /** The dealer whose own ERP this is (its outlet orders sync here); empty: the brand's. */
  ownerDealerId?: string | null;
}

/** The owner columns of a connection: a DEALER customer of the tenant, or the brand. */
async function ownerOf(db: Kysely<DB>, tenantId: string, dealerId: string | null | undefined) {
  if (!dealerId) return { owner_type: 'BRAND' as const, owner_id: null };
  const dealer = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', dealerId)
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'DEALER')
    .executeTakeFirst();
  if (!dealer) throw new BusinessError(400, '所选经销商不存在');
  return { owner_type: 'DEALER' as const, owner_id: dealer.id };
}

const connectionSpec: ListSpec = {
  filters: {
    name: { column: 'name', kind: 'text' },
    systemType: { column: 'system_type', kind: 'enum', values: codesOf(ERP_SYSTEM_TYPE) },
    status: { column: 'status', kind: 'enum', values: codesOf(ERP_CONNECTION_STATUS) },
  },
  sorts: { name: 'name', createTime: 'created_at' },
  defaultSort: [
    ['created_at', 'asc'],
    ['id', 'asc'],
  ],
};

export async function listConnections(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, connectionSpec);
  const base = db.selectFrom('erp_connections').where('tenant_id', '=', caller.tenantId).where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'id',
        'name',
        'system_type as systemType',
        'owner_type as ownerType',
        'owner_id as ownerDealerId',
        sql<string | null>`(select c.name from customers c where c.id = erp_connections.owner_id)`.as(
          'ownerDealerName',
        ),
        'base_url as baseUrl',
        'acct_id as acctId',
        'app_id as appId',
        'user_name as userName',
        'sale_org_code as saleOrgCode',
        'default_bill_type as defaultBillType',
        'default_warehouse_code as defaultWarehouseCode',
        'timeout_ms as timeoutMs',
        'network_retries as networkRetries',
        'status',
        shanghaiDateTime<string | null>('last_test_at').as('lastTestAt'),
        'last_test_result as lastTestResult',
        shanghaiDateTime('created_at').as('createTime'),
        sql<number>`(select count(*)::integer from erp_mappings m where m.connection_id = erp_connections.id and m.status <> 'OK')`.as(
          'unmappedCount',
        ),
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      systemType_dictText: ERP_SYSTEM_TYPE[row.systemType],
      status_dictText: ERP_CONNECTION_STATUS[row.status],
    }));
  });
}

function checkAddress(runtime: ErpRuntime, baseUrl: string) {
  if (/^https?:\/\/[^\s/]+/i.test(baseUrl)) return;
  if (baseUrl.startsWith('/sim/erp/') && runtime.selfOrigin) return;
  throw new BusinessError(
    400,
    runtime.selfOrigin
      ? '服务地址应以 http:// 或 https:// 开头（本机模拟器地址以 /sim/erp/ 开头）'
      : '服务地址应以 http:// 或 https:// 开头',
  );
}

export async function saveConnection(
  db: Kysely<DB>,
  runtime: ErpRuntime,
  actor: Actor,
  input: ConnectionInput,
  id?: string,
) {
  checkAddress(runtime, input.baseUrl);
  const secret = input.appSecret?.trim();
  if (id === undefined && !secret) throw new BusinessError(400, '请填写应用密钥');
  return db.transaction().execute(async (trx) => {
    const values = {
      name: input.name.trim(),
      system_type: input.systemType,
      base_url: input.baseUrl.trim(),
      acct_id: input.acctId.trim(),
      app_id: input.appId.trim(),
      user_name: input.userName.trim(),
      sale_org_code: input.saleOrgCode?.trim() || null,
      default_bill_type: input.defaultBillType?.trim() || null,
      default_warehouse_code: input.defaultWarehouseCode?.trim() || null,
      timeout_ms: input.timeoutMs ?? 15000,
      network_retries: input.networkRetries ?? 2,
      ...(secret && { app_secret: secret }),
      ...(input.status && { status: input.status }),
      ...(await ownerOf(trx, actor.tenantId, input.ownerDealerId)),
      updated_by: actor.userId,
    };
    const saved = await withUniqueKeys(
      { erp_connections_tenant_name_key: `连接名称 ${values.name} 已存在` },
      () =>
        id === undefined
          ? trx
              .insertInto('erp_connections')
              .values({
                ...values,
                app_secret: secret!,
                id: newId(),
                tenant_id: actor.tenantId,
                created_by: actor.userId,
              })
              .returning(['id', 'system_type'])
              .executeTakeFirstOrThrow()
          : trx
              .updateTable('erp_connections')
              .set({ ...values, updated_at: new Date() })
              .where('id', '=', id)
              .where('tenant_id', '=', actor.tenantId)
              .returning(['id', 'system_type'])
              .executeTakeFirst(),
    );
    if (!saved) throw notFound('ERP连接');
    if (id === undefined) await mappingsFromMasterData(trx, actor.tenantId, saved.id, saved.system_type);
    await logOperation(
      trx,
      actor,
      id === undefined ? 'add' : 'update',
      `${id === undefined ? '新增' : '编辑'}ERP连接 ${values.name}`,
    );
    return { id: saved.id };
  });
}

export async function deleteConnection(db: Kysely<DB>, actor: Actor, id: string) {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .selectFrom('erp_sync_tasks')
      .select('id')
      .where('tenant_id', '=', actor.tenantId)
      .where('connection_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) throw new BusinessError(409, '该连接已有同步任务，不能删除；不再使用请停用');
    const deleted = await trx
      .deleteFrom('erp_connections')
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .returning('name')
      .executeTakeFirst();
    if (!deleted) throw notFound('ERP连接');
    await logOperation(trx, actor, 'delete', `删除ERP连接 ${deleted.name}`);
  });
}

/**
 * What a failed test tells the caller: a fixed wording by kind, never the text the other server answered
 * (the address is the tenant's choice, the answer could be anything of anyone's).
 */
function testFailureMessage(error: ErpCallError | ErpAddressError): string {
  if (error instanceof ErpAddressError) return error.message;
  const status = error.detail.httpStatus ?? error.exchanges.at(-1)?.httpStatus ?? null;
  if (status === null) return '无法连接：网络不通或超时';
  if (status < 200 || status > 299) return `连接失败：HTTP ${status}`;
  return error.category === 'AUTH'
    ? '登录失败：请检查账套、应用、用户名和密钥'
    : `连接失败：应答无法识别（HTTP ${status}）`;
}

/** Signs in with the stored credentials; a good answer clears AUTH_FAILED and re-queues the tasks that waited. */
export async function testConnection(db: Kysely<DB>, runtime: ErpRuntime, actor: Actor, id: string) {
  const owned = await db
    .selectFrom('erp_connections')
    .select(['id', 'name', 'status'])
    .where('id', '=', id)
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirst();
  const connection = owned && (await connectionRow(db, owned.id));
  if (!owned || !connection) throw notFound('ERP连接');
  let success = false;
  let authFailed = false;
  let message: string;
  try {
    message = (await clientOf(connection, runtime).testConnection()).message;
    success = true;
  } catch (error) {
    if (!(error instanceof ErpCallError) && !(error instanceof ErpAddressError)) throw error;
    message = testFailureMessage(error);
    // A network failure says nothing about the credentials.
    authFailed = error instanceof ErpAddressError || error.category === 'AUTH';
  }
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('erp_connections')
      .set({
        last_test_at: new Date(),
        last_test_result: message,
        updated_at: new Date(),
        ...(owned.status !== 'DISABLED' &&
          (success || authFailed) && { status: success ? 'ACTIVE' : 'AUTH_FAILED' }),
      })
      .where('id', '=', id)
      .execute();
    const requeued = success ? await requeueWaiting(trx, actor.tenantId, id, 'AUTH') : 0;
    await logOperation(trx, actor, 'update', `测试ERP连接 ${owned.name}：${success ? '成功' : '失败'}`);
    return { success, message, requeued };
  });
}

// ---- Code mappings ----

const mappingSpec: ListSpec = {
  filters: {
    connectionId: { column: 'connection_id', kind: 'text' },
    entityType: { column: 'entity_type', kind: 'enum', values: codesOf(ERP_MAPPING_ENTITY_TYPE) },
    status: { column: 'status', kind: 'enum', values: codesOf(ERP_MAPPING_STATUS) },
  },
  sorts: { localCode: 'local_code', erpCode: 'erp_code', updateTime: 'updated_at' },
  defaultSort: [
    ['entity_type', 'asc'],
    ['local_code', 'asc'],
    ['id', 'asc'],
  ],
  extras: ['keyword', 'unmappedOnly'],
};

/** A connection's mappings; `unmappedOnly` (未映射) keeps MISSING and INVALID ones. */
export async function listMappings(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, mappingSpec);
  const keyword = list.extras.keyword?.trim();
  const base = db
    .selectFrom('erp_mappings')
    .where('tenant_id', '=', caller.tenantId)
    .where(list.where)
    .$if(list.extras.unmappedOnly === 'true', (q) => q.where('status', '!=', 'OK'))
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          eb('local_code', 'ilike', containsPattern(keyword!)),
          eb('local_name', 'ilike', containsPattern(keyword!)),
          eb('erp_code', 'ilike', containsPattern(keyword!)),
        ]),
      ),
    );
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'id',
        'connection_id as connectionId',
        'entity_type as entityType',
        'local_id as localId',
        'local_code as localCode',
        'local_name as localName',
        'erp_code as erpCode',
        'erp_name as erpName',
        'status',
        shanghaiDateTime<string | null>('verified_at').as('verifiedAt'),
        shanghaiDateTime('updated_at').as('updateTime'),
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      entityType_dictText: ERP_MAPPING_ENTITY_TYPE[row.entityType],
      status_dictText: ERP_MAPPING_STATUS[row.status],
    }));
  });
}

export interface MappingInput {
  id: string;
  erpCode: string;
  erpName?: string | null;
}

/** Fixes one mapping; the tasks of its connection that waited on a mapping are due again. */
export async function saveMapping(db: Kysely<DB>, actor: Actor, input: MappingInput) {
  const erpCode = input.erpCode.trim();
  if (!erpCode) throw new BusinessError(400, '请填写ERP编码');
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('erp_mappings')
      .set({
        erp_code: erpCode,
        erp_name: input.erpName?.trim() || null,
        status: 'OK',
        verified_at: new Date(),
        updated_by: actor.userId,
        updated_at: new Date(),
      })
      .where('id', '=', input.id)
      .where('tenant_id', '=', actor.tenantId)
      .returning(['connection_id', 'entity_type', 'local_code', 'local_id'])
      .executeTakeFirst();
    if (!saved) throw notFound('编码映射');
    const requeued = await requeueWaiting(trx, actor.tenantId, saved.connection_id, 'MAPPING', [
      saved.local_id,
    ]);
    await logOperation(
      trx,
      actor,
      'update',
      `编辑ERP编码映射 ${ERP_MAPPING_ENTITY_TYPE[saved.entity_type]} ${saved.local_code} → ${erpCode}`,
    );
    return { id: input.id, requeued };
  });
}

type MappingColumn = 'entityType' | 'localCode' | 'erpCode' | 'erpName';

const entityTypeByText = new Map<string, ErpMappingEntityType>(
  (Object.entries(ERP_MAPPING_ENTITY_TYPE) as Array<[ErpMappingEntityType, string]>).flatMap(
    ([code, label]) => [
      [code, code],
      [label, code],
    ],
  ),
);

export const MAPPING_IMPORT_COLUMNS: ImportColumn<MappingColumn>[] = [
  {
    key: 'entityType',
    header: '对象类型',
    required: true,
    parse: (text) => {
      const type = entityTypeByText.get(text);
      if (!type)
        throw new ImportCellError(`对象类型应为 ${Object.values(ERP_MAPPING_ENTITY_TYPE).join('、')} 之一`);
      return type;
    },
  },
  { key: 'localCode', header: '本地编码', required: true },
  { key: 'erpCode', header: 'ERP编码', required: true },
  { key: 'erpName', header: 'ERP名称' },
];

export const MAPPING_TEMPLATE_EXAMPLE = {
  entityType: '客户',
  localCode: 'CU0001',
  erpCode: 'C00001',
  erpName: '示例客户',
};

/**
 * The 收款方式 a sales order's payment is received by: its receipt and refunds name it as the 结算方式 (local id
 * and code: the channel's code).
 */
const settleTypes = () =>
  Object.entries(RECEIPT_CHANNEL).map(([code, name]) => ({
    type: 'SETTLE_TYPE' as const,
    id: code,
    code,
    name,
  }));

/**
 * Local rows by code: the master data, the settle types, and whatever the connection already lists (employees,
 * departments…).
 */
async function localRowsByCode(trx: Transaction<DB>, tenantId: string, connectionId: string) {
  const rows = new Map<string, { id: string; name: string | null }>();
  const put = (type: ErpMappingEntityType, code: string, id: string, name: string | null) =>
    rows.set(`${type}|${code}`, { id, name });
  for (const row of settleTypes()) put(row.type, row.code, row.id, row.name);
  for (const row of await trx
    .selectFrom('customers')
    .select(['id', 'customer_code', 'name'])
    .where('tenant_id', '=', tenantId)
    .execute()) {
    put('CUSTOMER', row.customer_code, row.id, row.name);
  }
  for (const row of await trx
    .selectFrom('skus')
    .select(['id', 'sku_code', 'name'])
    .where('tenant_id', '=', tenantId)
    .execute()) {
    put('SKU', row.sku_code, row.id, row.name);
  }
  for (const row of await trx
    .selectFrom('warehouses')
    .select(['id', 'code', 'name'])
    .where('tenant_id', '=', tenantId)
    .execute()) {
    put('WAREHOUSE', row.code, row.id, row.name);
  }
  for (const row of await trx
    .selectFrom('erp_mappings')
    .select(['local_id', 'entity_type', 'local_code', 'local_name'])
    .where('connection_id', '=', connectionId)
    .execute()) {
    put(row.entity_type, row.local_code, row.local_id, row.local_name);
  }
  return rows;
}

/** Imports a sheet of mappings into one connection: all rows or none; fixed ones re-queue waiting tasks. */
export async function importMappings(
  db: Kysely<DB>,
  actor: Actor,
  connectionId: string,
  upload: { fileName: string; stream: Readable },
): Promise<ImportReport> {
  const connection = await db
    .selectFrom('erp_connections')
    .select(['id', 'name'])
    .where('id', '=', connectionId)
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirst();
  if (!connection) {
    upload.stream.resume();
    throw notFound('ERP连接');
  }
  const { rows, report } = await readImportSheet(upload, MAPPING_IMPORT_COLUMNS);
  return db.transaction().execute(async (trx) => {
    const locals = await localRowsByCode(trx, actor.tenantId, connectionId);
    const seen = new Map<string, number>();
    const resolved = rows.flatMap(({ rowNo, values, valid }) => {
      if (!valid) return [];
      const type = values.entityType as ErpMappingEntityType;
      const localCode = values.localCode as string;
      const key = `${type}|${localCode}`;
      const local = locals.get(key);
      if (!local) {
        reportError(report, {
          rowNo,
          column: '本地编码',
          value: localCode,
          message: `${ERP_MAPPING_ENTITY_TYPE[type]}编码不存在`,
        });
        return [];
      }
      if (seen.has(key)) {
        reportError(report, {
          rowNo,
          column: '本地编码',
          value: localCode,
          message: `与第 ${seen.get(key)} 行重复`,
        });
        return [];
      }
      seen.set(key, rowNo);
      return [
        {
          type,
          localCode,
          local,
          erpCode: values.erpCode as string,
          erpName: (values.erpName as string | undefined) ?? null,
        },
      ];
    });
    report.errors.sort((a, b) => a.rowNo - b.rowNo);
    if (report.errorCount > 0 || rows.length === 0) return report;
    for (const row of resolved) {
      await trx
        .insertInto('erp_mappings')
        .values({
          id: newId(),
          tenant_id: actor.tenantId,
          connection_id: connectionId,
          entity_type: row.type,
          local_id: row.local.id,
          local_code: row.localCode,
          local_name: row.local.name,
          erp_code: row.erpCode,
          erp_name: row.erpName,
          status: 'OK',
          verified_at: new Date(),
          updated_by: actor.userId,
        })
        .onConflict((conflict) =>
          conflict.columns(['connection_id', 'entity_type', 'local_id']).doUpdateSet({
            erp_code: row.erpCode,
            erp_name: row.erpName,
            status: 'OK',
            verified_at: new Date(),
            updated_by: actor.userId,
            updated_at: new Date(),
          }),
        )
        .execute();
    }
    await requeueWaiting(
      trx,
      actor.tenantId,
      connectionId,
      'MAPPING',
      resolved.map((row) => row.local.id),
    );
    await logOperation(
      trx,
      actor,
      'import',
      `导入ERP编码映射 ${resolved.length} 条到 ${connection.name}（${upload.fileName}）`,
    );
    return { ...report, imported: resolved.length };
  });
}

/**
 * A new connection starts from the ERP codes the master data already carries: every SKU and warehouse, and
 * the customers kept in this kind of ERP; rows without a code — and the settle types, which the master data
 * knows nothing of — are MISSING until someone fills them in.
 */
export async function mappingsFromMasterData(
  trx: Kysely<DB>,
  tenantId: string,
  connectionId: string,
  systemType: ErpSystemType,
): Promise<void> {
  const rows: Array<{
    type: ErpMappingEntityType;
    id: string;
    code: string;
    name: string;
    erpCode: string | null;
  }> = [];
  for (const sku of await trx
    .selectFrom('skus')
    .select(['id', 'sku_code', 'name', 'erp_material_code'])
    .where('tenant_id', '=', tenantId)
    .execute()) {
    rows.push({
      type: 'SKU',
      id: sku.id,
      code: sku.sku_code,
      name: sku.name,
      erpCode: sku.erp_material_code,
    });
  }
  for (const warehouse of await trx
    .selectFrom('warehouses')
    .select(['id', 'code', 'name', 'erp_warehouse_code'])
    .where('tenant_id', '=', tenantId)
    .execute()) {
    rows.push({
      type: 'WAREHOUSE',
      id: warehouse.id,
      code: warehouse.code,
      name: warehouse.name,
      erpCode: warehouse.erp_warehouse_code,
    });
  }
  for (const customer of await trx
    .selectFrom('customers')
    .select(['id', 'customer_code', 'name', 'erp_customer_code'])
    .where('tenant_id', '=', tenantId)
    .where('erp_type', '=', systemType)
    .execute()) {
    rows.push({
      type: 'CUSTOMER',
      id: customer.id,
      code: customer.customer_code,
      name: customer.name,
      erpCode: customer.erp_customer_code,
    });
  }
  for (const row of settleTypes()) rows.push({ ...row, erpCode: null });
  await trx
    .insertInto('erp_mappings')
    .values(
      rows.map((row) => ({
        id: newId(),
        tenant_id: tenantId,
        connection_id: connectionId,
        entity_type: row.type,
        local_id: row.id,
        local_code: row.code,
        local_name: row.name,
        erp_code: row.erpCode,
        status: row.erpCode ? ('OK' as const) : ('MISSING' as const),
      })),
    )
    .onConflict((conflict) => conflict.columns(['connection_id', 'entity_type', 'local_id']).doNothing())
    .execute();
}
