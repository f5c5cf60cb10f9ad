// The attachment service (/sys/attachment, docs/attachments-api.md): a photo uploaded with its facts, the
// photos of a business object, and a zip of a selection of them.
import { ATTACHMENT_ZIP_PATH, type Attachment, type AttachmentSource } from '../../common/attachments';
import { downloadPosted, getAction, uploadAction, type UploadProgress } from './http';

export interface PhotoFacts {
  bizType: string;
  bizId?: string;
  kind: string;
  capturedAt?: string;
  lat?: number;
  lng?: number;
  accuracy?: number;
  address?: string;
  source?: AttachmentSource;
  watermarkText?: string;
}

export function uploadAttachment(file: File, facts: PhotoFacts, onProgress?: UploadProgress) {
  const form = new FormData();
  for (const [name, value] of Object.entries(facts))
    if (value !== undefined && value !== null) form.append(name, String(value));
  // The facts first: the server reads the fields wherever the file comes, but they are small.
  form.append('file', file);
  return uploadAction<Attachment>('/sys/attachment/upload', form, onProgress);
}

export const listAttachments = (bizType: string, bizId: string, kind?: string) =>
  getAction<Attachment[]>('/sys/attachment/list', { bizType, bizId, kind });

/** Saves a zip of the chosen attachments (streamed by the server); resolves to the saved name or null. */
export const downloadAttachmentsZip = (ids: readonly string[], fileName: string) =>
  downloadPosted(ATTACHMENT_ZIP_PATH, { ids, fileName }, `${fileName}.zip`);
