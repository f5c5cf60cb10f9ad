// Customer import and export as Excel (/eCustomer/importExcel, DOMAIN §1.3 ImportJob): dictionary values checked row by
// row ("业态「x」不存在或已停用"), codes unique in the file and the tenant, the supplying dealer found by its
// code; the whole file in one transaction when no row failed. Imported outlets wait for the audit.
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { CHANNEL, CUSTOMER_LEVEL, CUSTOMER_TYPE, OUTLET_TYPES } from '../../../common/businessEnums';
import { newId } from '../../db/ids';
import type { CustomerChannel, CustomerLevel, CustomerType, DB } from '../../db/schema';
import { submitOutletApproval } from './approval';
import { logOperation, type Actor } from '../shared/actor';
import { withUniqueKeys } from '../shared/commands';
import { dataScopeOf } from '../shared/dataScope';
import {
  defineListExport,
  ImportCellError,
  parseDecimal,
  parseEnum,
  parsePattern,
  readImportSheet,
  reportError,
  type ExportColumn,
  type ImportColumn,
  type ImportReport,
} from '../shared/excel';
import { listCustomers, nextCustomerCodes, orgCodeFor, SUPPLIER_TYPES, type CustomerRecord } from './service';

type CustomerColumn =
  | 'customerCode'
  | 'name'
  | 'customerType'
  | 'channel'
  | 'outletType'
  | 'level'
  | 'provinceCode'
  | 'cityCode'
  | 'districtCode'
  | 'address'
  | 'lng'
  | 'lat'
  | 'contactName'
  | 'contactMobile'
  | 'dealerCode';

const regionCode = parsePattern(/^\d{6}$/, '应为 6 位行政区划代码');

export const CUSTOMER_IMPORT_COLUMNS: ImportColumn<CustomerColumn>[] = [
  {
    key: 'customerCode',
    header: '客户编码',
    parse: parsePattern(/^[A-Za-z0-9_-]{1,32}$/, '只能是字母、数字、- 和 _'),
  },
  { key: 'name', header: '客户名称', required: true, parse: parsePattern(/^.{1,128}$/u, '最长 128 个字') },
  { key: 'customerType', header: '客户类型', required: true, parse: parseEnum(CUSTOMER_TYPE, '客户类型') },
  { key: 'channel', header: '渠道', parse: parseEnum(CHANNEL, '渠道') },
  {
    key: 'outletType',
    header: '业态',
    parse: (text) => {
      if (!(OUTLET_TYPES as readonly string[]).includes(text))
        throw new ImportCellError(`业态「${text}」不存在或已停用`);
      return text;
    },
  },
  {
    key: 'level',
    header: '等级',
    // 'A' or its label 'A级'.
    parse: parseEnum(CUSTOMER_LEVEL, '终端级别'),
  },
  { key: 'provinceCode', header: '省编码', parse: regionCode },
  { key: 'cityCode', header: '市编码', parse: regionCode },
  { key: 'districtCode', header: '区编码', parse: regionCode },
  { key: 'address', header: '详细地址', parse: parsePattern(/^.{1,256}$/u, '最长 256 个字') },
  { key: 'lng', header: '经度', parse: parseDecimal(-180, 180) },
  { key: 'lat', header: '纬度', parse: parseDecimal(-90, 90) },
  { key: 'contactName', header: '联系人', parse: parsePattern(/^.{1,32}$/u, '最长 32 个字') },
  { key: 'contactMobile', header: '联系电话', parse: parsePattern(/^1\d{10}$/, '应为 11 位手机号') },
  { key: 'dealerCode', header: '供货经销商编码' },
];

export const CUSTOMER_TEMPLATE_EXAMPLE = {
  name: '老王便利店',
  customerType: '终端门店',
  channel: '传统',
  outletType: '便利店',
  level: 'B',
  provinceCode: '440000',
  cityCode: '440100',
  districtCode: '440106',
  address: '天河路 1 号',
  lng: 113.3245,
  lat: 23.1372,
  contactName: '王伟',
  contactMobile: '13712345678',
  dealerCode: 'D0001',
};

export async function importCustomers(
  db: Kysely<DB>,
  actor: Actor,
  upload: { fileName: string; stream: Readable },
): Promise<ImportReport> {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const orgCode = orgCodeFor(scope, undefined);
  const { rows, report } = await readImportSheet(upload, CUSTOMER_IMPORT_COLUMNS);
  const existing = await db
    .selectFrom('customers')
    .select('customer_code')
    .where('tenant_id', '=', actor.tenantId)
    .execute();
  const codes = new Map<string, number>(existing.map((row) => [row.customer_code, 0]));
  const dealers = new Map(
    (
      await db
        .selectFrom('customers')
        .select(['id', 'customer_code'])
        .where('tenant_id', '=', actor.tenantId)
        .where('customer_type', 'in', SUPPLIER_TYPES)
        .where('audit_status', '=', 'APPROVED')
        .where('status', '=', 'ACTIVE')
        .execute()
    ).map((row) => [row.customer_code, row.id]),
  );
  for (const { rowNo, values } of rows) {
    const error = (column: string, value: string, message: string) =>
      reportError(report, { rowNo, column, value, message });
    const code = values.customerCode as string | undefined;
    if (code !== undefined) {
      if (codes.has(code))
        error('客户编码', code, codes.get(code) ? `与第 ${codes.get(code)} 行重复` : '客户编码已存在');
      else codes.set(code, rowNo);
    }
    if ((values.lng === undefined) !== (values.lat === undefined))
      error('经度', String(values.lng ?? ''), '经度和纬度须同时填写');
    const dealerCode = values.dealerCode as string | undefined;
    if (dealerCode !== undefined && !dealers.has(dealerCode)) {
      error('供货经销商编码', dealerCode, '经销商不存在、未审核通过或已停止经营');
    }
  }
  report.errors.sort((a, b) => a.rowNo - b.rowNo);
  if (report.errorCount > 0 || rows.length === 0) return report;
  await db.transaction().execute(async (trx) => {
    const typeOf = (values: (typeof rows)[number]['values']) => values.customerType as CustomerType;
    const freeCodes = {
      OUTLET: await nextCustomerCodes(trx, actor.tenantId, 'OUTLET', rows.length),
      OTHER: await nextCustomerCodes(trx, actor.tenantId, 'DEALER', rows.length),
    };
    const records = rows.map(({ values }) => {
      const type = typeOf(values);
      const code =
        (values.customerCode as string | undefined) ??
        (type === 'OUTLET' ? freeCodes.OUTLET : freeCodes.OTHER).shift();
      return {
        id: newId(),
        tenant_id: actor.tenantId,
        customer_code: code as string,
        name: values.name as string,
        customer_type: type,
        channel: (values.channel as CustomerChannel | undefined) ?? 'TT',
        outlet_type: (values.outletType as string | undefined) ?? null,
        level: (values.level as CustomerLevel | undefined) ?? null,
        province_code: (values.provinceCode as string | undefined) ?? null,
        city_code: (values.cityCode as string | undefined) ?? null,
        district_code: (values.districtCode as string | undefined) ?? null,
        address: (values.address as string | undefined) ?? null,
        lng: (values.lng as number | undefined) ?? null,
        lat: (values.lat as number | undefined) ?? null,
        contact_name: (values.contactName as string | undefined) ?? null,
        contact_mobile: (values.contactMobile as string | undefined) ?? null,
        serving_dealer_id: values.dealerCode ? (dealers.get(values.dealerCode as string) ?? null) : null,
        owner_user_id: actor.userId,
        org_code: orgCode,
        source: 'IMPORTED' as const,
        audit_status: type === 'OUTLET' ? ('PENDING' as const) : ('APPROVED' as const),
        partner_stage: type === 'DEALER' ? ('SIGNED' as const) : null,
        created_by: actor.userId,
        updated_by: actor.userId,
      };
    });
    for (let index = 0; index < records.length; index += 400) {
      const chunk = records.slice(index, index + 400);
      await withUniqueKeys(
        { customers_tenant_code_key: '客户编码与已有客户重复，请检查文件中的客户编码' },
        () => trx.insertInto('customers').values(chunk).execute(),
      );
      await trx
        .insertInto('customer_team_members')
        .values(
          chunk.map((record) => ({
            id: newId(),
            tenant_id: actor.tenantId,
            customer_id: record.id,
            user_id: actor.userId,
            role: 'OWNER' as const,
          })),
        )
        .execute();
    }
    // Imported outlets wait for their audit like new ones (their approvers see them at their next look).
    for (const record of records) {
      if (record.customer_type === 'OUTLET') await submitOutletApproval(trx, actor.userId, record);
    }
    await logOperation(trx, actor, 'import', `导入客户 ${records.length} 个（${upload.fileName}）`);
  });
  return { ...report, imported: rows.length };
}

export const CUSTOMER_EXPORT_COLUMNS: ExportColumn<CustomerRecord>[] = [
  { header: '客户编码', value: (row) => row.customerCode },
  { header: '客户名称', width: 30, value: (row) => row.name },
  { header: '客户类型', value: (row) => row.customerType_dictText },
  { header: '渠道', value: (row) => row.channel_dictText },
  { header: '业态', value: (row) => row.outletType },
  { header: '等级', value: (row) => row.level },
  { header: '市编码', value: (row) => row.cityCode },
  { header: '详细地址', width: 30, value: (row) => row.address },
  { header: '联系人', value: (row) => row.contactName },
  { header: '联系电话', value: (row) => row.contactMobile },
  { header: '负责人', value: (row) => row.ownerName },
  { header: '供货经销商', width: 28, value: (row) => row.servingDealerName },
  { header: '标签', value: (row) => row.labels.map((label) => label.name).join('、') },
  { header: '审核状态', value: (row) => row.auditStatus_dictText },
  { header: '核实状态', value: (row) => row.verifyStatus_dictText },
  { header: '经营状态', value: (row) => row.status_dictText },
  { header: '冰柜数', value: (row) => row.freezerCount },
  { header: '最近下单', value: (row) => row.lastOrderTime },
];

/** The customers of a list query in the caller's scope, page by page (the export streams them). */
export const CUSTOMER_EXPORT = defineListExport(
  'customers',
  '客户列表',
  CUSTOMER_EXPORT_COLUMNS,
  listCustomers,
);
