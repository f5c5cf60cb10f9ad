// 变更记录 (GET /sys/changeHistory/list, docs/attachments-api.md): the logged writes of one business object.
import type { ChangeRecord, HistoryBizType } from '../../common/changeHistory';
import { getAction } from './http';

export const changeHistory = (bizType: HistoryBizType, bizId: string) =>
  getAction<ChangeRecord[]>('/sys/changeHistory/list', { bizType, bizId });
