// Uploaded images (/sys/file, docs/business-api.md "Images"): the upload, and the bytes of a stored image
// or its thumbnail, read with the token.
import { storedImageIdOf, type StoredImage } from '../../common/files';
import { fetchBlob, uploadAction, type UploadProgress } from './http';

export const uploadImage = (file: File, onProgress?: UploadProgress) => {
  const form = new FormData();
  form.append('file', file);
  return uploadAction<StoredImage>('/sys/file/uploadImage', form, onProgress);
};

/** Whether a record's image url is one of ours (needs the token) rather than a plain address. */
export const isStoredImage = (url: string): boolean =>
  storedImageIdOf(url) !== null ||
  url.startsWith('/sys/file/thumbnail/') ||
  url.startsWith('/sys/attachment/view/') ||
  url.startsWith('/sys/attachment/thumbnail/');

export const fetchImage = (url: string): Promise<Blob> => fetchBlob(url);
