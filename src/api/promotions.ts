// Promotions (docs/promotions-api.md): the 促销列表 and its commands, 促销组管理, and the price previews of
// the 试算预览 and the order form.
import type { Page } from '../../common/contract';
import type {
  PromotionDetail,
  PromotionEffect,
  PromotionGroupInput,
  PromotionGroupRecord,
  PromotionInput,
  PromotionListRecord,
  PromotionPreview,
  PromotionPreviewInput,
} from '../../common/promotions';
import { downloadFile, getAction, postAction } from './http';
import type { ListParams } from './systemTypes';

const BASE = '/ePromotion/promotion';

export const listPromotions = (params: ListParams) =>
  getAction<Page<PromotionListRecord>>(`${BASE}/list`, params);
export const exportPromotions = (params: ListParams) =>
  downloadFile(`${BASE}/exportXls`, '促销列表.xlsx', params);
export const queryPromotion = (id: string) => getAction<PromotionDetail>(`${BASE}/queryById`, { id });
/** 效果分析 (promotion:list). */
export const promotionEffect = (id: string) => getAction<PromotionEffect>(`${BASE}/effect`, { id });
export const addPromotion = (input: PromotionInput) => postAction<{ id: string }>(`${BASE}/add`, input);
export const editPromotion = (id: string, input: PromotionInput) =>
  postAction<{ id: string }>(`${BASE}/edit`, { ...input, id });
export const copyPromotion = (id: string) => postAction<{ id: string }>(`${BASE}/copy`, { id });

export type PromotionAction = 'submit' | 'pause' | 'resume' | 'end' | 'cancel';
export const promotionCommand = (action: PromotionAction, id: string) =>
  postAction<{ status: string }>(`${BASE}/${action}`, { id });

export const previewPromotions = (input: PromotionPreviewInput) =>
  postAction<PromotionPreview>(`${BASE}/preview`, input);
/** The order form's live preview (order:add). */
export const previewOrderPrice = (input: PromotionPreviewInput) =>
  postAction<PromotionPreview>('/eOrder/eOrder/pricePreview', input);

export const listPromotionGroups = (params: ListParams) =>
  getAction<Page<PromotionGroupRecord>>('/ePromotion/group/list', params);
export const exportPromotionGroups = (params: ListParams) =>
  downloadFile('/ePromotion/group/exportXls', '促销组.xlsx', params);
export const savePromotionGroup = (id: string | undefined, input: PromotionGroupInput) =>
  postAction<{ id: string }>(
    id ? '/ePromotion/group/edit' : '/ePromotion/group/add',
    id ? { ...input, id } : input,
  );
