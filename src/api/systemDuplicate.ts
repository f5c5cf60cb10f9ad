// The duplicate check of forms (API.md §6.6): only whitelisted (table, field) pairs.
import { getAction } from './http';

/** Whether `fieldVal` is free in (tableName, fieldName); `dataId` excludes the row being edited. */
export const duplicateCheck = (params: {
  tableName: string;
  fieldName: string;
  fieldVal: string;
  dataId?: string;
}) => getAction<null>('/sys/duplicate/check', params);
