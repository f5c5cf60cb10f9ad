// The workbench's calls: the shared HTTP layer (src/api/http.ts) with the visit and attachment routes.
import type { Envelope } from '../../common/contract';
import { getAction, HttpError, postAction, uploadAction } from '../api/http';
import type { PromotionPreview } from '../../common/promotions';
import type { Mine, OrderLine, QueueItem, Today } from './types';
import { dataUrlToBlob } from './watermark';

export const fetchToday = () => getAction<Today>('/eVisit/workbench/today');
export const fetchMine = () => getAction<Mine>('/eVisit/workbench/mine');
/** The order form's price preview: the outlet's own prices and promotions, priced by the server. */
export const fetchOrderPreview = (buyerId: string, lines: OrderLine[]) =>
  postAction<PromotionPreview>('/eOrder/eOrder/pricePreview', { buyerId, lines });

/** A refusal by the server (a business rule): the item will never pass, it leaves the queue. */
export class Refused extends Error {}

/** Whether a failure is worth sending again later: no answer, a server fault, the session gone. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof HttpError)) return !(error instanceof Refused);
  const { status } = error.failure;
  return status === null || status >= 500 || status === 401 || status === 408 || status === 429;
}

export function failureMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.failure.status === null) return '网络不可用，恢复后自动上传';
    return error.failure.message || `上传失败（${error.failure.status}）`;
  }
  return error instanceof Error ? error.message : String(error);
}

function answered<R>(envelope: Envelope<R>): R {
  if (!envelope.success) throw new Refused(envelope.message);
  return envelope.result;
}

export interface Refs {
  visitIds: Record<string, string>;
  photoIds: Record<string, string>;
}

function visitIdOf(refs: Refs, key: string): string {
  const id = refs.visitIds[key];
  if (!id) throw new Refused('签到未成功，本次拜访的记录无法上传');
  return id;
}

function photoIdOf(refs: Refs, key: string): string {
  const id = refs.photoIds[key];
  if (!id) throw new Refused('照片未上传成功');
  return id;
}

/** Sends one queued item; answers the server's id of what it made (attachment, visit), if any. */
export async function sendItem(item: QueueItem, refs: Refs): Promise<string | undefined> {
  switch (item.kind) {
    case 'photo': {
      const { photo } = item;
      const form = new FormData();
      const facts: Record<string, string | number | null> = {
        bizType: 'VISIT',
        kind: photo.kind,
        clientId: photo.clientId,
        capturedAt: photo.capturedAt,
        lat: photo.lat,
        lng: photo.lng,
        accuracy: photo.accuracy,
        address: photo.address,
        source: 'CAMERA',
        watermarkText: photo.watermarkText.slice(0, 200),
      };
      for (const [name, value] of Object.entries(facts)) if (value !== null) form.append(name, String(value));
      form.append('file', dataUrlToBlob(photo.dataUrl), `${photo.kind}-${photo.clientId}.jpg`);
      return answered(await uploadAction<{ id: string }>('/sys/attachment/upload', form)).id;
    }
    case 'checkIn':
      return answered(
        await postAction<{ id: string }>('/eVisit/checkIn', {
          ...item.body,
          photoId: item.photoKey ? photoIdOf(refs, item.photoKey) : null,
        }),
      ).id;
    case 'step':
      answered(
        await postAction('/eVisit/step', {
          ...item.body,
          visitId: visitIdOf(refs, item.visitKey),
          photoIds: item.photoKeys.map((key) => photoIdOf(refs, key)),
        }),
      );
      return undefined;
    case 'execution':
      answered(
        await postAction('/eVisit/execution/submit', {
          ...item.body,
          visitId: visitIdOf(refs, item.visitKey),
          items: item.body.items.map((each) => ({
            ...each,
            photoIds: (item.photoKeys[each.itemId] ?? []).map((key) => photoIdOf(refs, key)),
          })),
        }),
      );
      return undefined;
    case 'order':
      answered(await postAction('/eVisit/order', { ...item.body, visitId: visitIdOf(refs, item.visitKey) }));
      return undefined;
    case 'checkOut':
      answered(
        await postAction('/eVisit/checkOut', {
          ...item.body,
          visitId: visitIdOf(refs, item.visitKey),
          photoId: item.photoKey ? photoIdOf(refs, item.photoKey) : null,
        }),
      );
      return undefined;
  }
}
