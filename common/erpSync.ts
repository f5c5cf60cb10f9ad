// The codes and Chinese labels of the ERP sync (DOMAIN §1.5 "ERP sync"), shared by the server (validation,
// `_dictText`) and the SPA (filters, tags).

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const ERP_SYSTEM_TYPE = labels({ KINGDEE_K3CLOUD: '金蝶云星空', CHANJET_TPLUS: '畅捷通T+' });
export const ERP_CONNECTION_STATUS = labels({ ACTIVE: '启用', DISABLED: '停用', AUTH_FAILED: '认证失效' });
export const ERP_SYNC_BIZ_TYPE = labels({
  SALES_ORDER: '销售订单',
  OUTSTOCK: '销售出库',
  RETURN: '销售退货',
  CUSTOMER: '客户档案',
  RECEIPT: '收款',
  REFUND: '退款',
});
/**
 * What a sync task's record is: an order's documents, or a master-data archive. 同步失败订单 lists them on
 * tabs of their own (issue #15: a customer archive's failure is not an order's).
 */
export const ERP_SYNC_RECORD = labels({ ORDER: '订单', ARCHIVE: '客户档案' });
export type ErpSyncRecord = keyof typeof ERP_SYNC_RECORD;
export const ERP_SYNC_RECORD_BIZ_TYPES: Record<ErpSyncRecord, readonly (keyof typeof ERP_SYNC_BIZ_TYPE)[]> = {
  ORDER: ['SALES_ORDER', 'OUTSTOCK', 'RETURN', 'RECEIPT', 'REFUND'],
  ARCHIVE: ['CUSTOMER'],
};
export const ERP_SYNC_OPERATION = labels({
  SAVE: '保存',
  SUBMIT: '提交',
  AUDIT: '审核',
  UNAUDIT: '反审核',
  DELETE: '删除',
});
export const ERP_SYNC_STATUS = labels({
  PENDING: '待同步',
  RUNNING: '同步中',
  SUCCESS: '成功',
  FAILED: '失败',
  IGNORED: '已忽略',
  MANUAL_DONE: '人工已处理',
});
export const ERP_SYNC_ERROR_CATEGORY = labels({
  AUTH: '认证失效',
  MAPPING: '编码未映射',
  MASTER_DATA: '档案禁用或缺失',
  PRICE: '价格异常',
  STOCK: '库存不足',
  NETWORK: '网络超时',
  DUPLICATE: '重复单据',
  BUSINESS: '其他业务校验',
});
export const ERP_MAPPING_ENTITY_TYPE = labels({
  CUSTOMER: '客户',
  SKU: '商品',
  WAREHOUSE: '仓库',
  EMPLOYEE: '员工',
  DEPARTMENT: '部门',
  UNIT: '单位',
  /** A 收款方式 (PAYMENT_CHANNEL, local id = its code) and the ERP's 结算方式 of receipts and refunds. */
  SETTLE_TYPE: '结算方式',
});
export const ERP_MAPPING_STATUS = labels({ OK: '已映射', MISSING: '未映射', INVALID: '编码无效' });
export const ERP_TRIGGERED_BY = labels({ AUTO: '自动', MANUAL: '手动' });

/** The pauses between automatic attempts of a failed task (DOMAIN §1.5): 1m, 5m, 30m, 2h, 12h. */
export const ERP_SYNC_BACKOFF_MINUTES = [1, 5, 30, 120, 720] as const;

/** The menu path of the failure list: the red dot of the side menu sits on its item. */
export const ERP_FAILURE_LIST_PATH = '/kingdee/sync/orders';
export const ERP_CONFIG_PATH = '/eErpConfig';
