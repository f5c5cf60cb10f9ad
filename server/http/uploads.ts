// The one file of a multipart upload (field `file`), shared by every upload route: present, and with a name
// that can be stored and shown (no NUL or other control characters, which PostgreSQL or a download header
// would choke on). Multipart bodies are not parsed before the handler, so the NUL check of validation.ts
// does not see them.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { BusinessError } from './envelope';

export const EMPTY_FILE_MESSAGE = '上传的文件是空的（0 字节），请重新选择文件';
export const BAD_FILE_NAME_MESSAGE = '文件名不能包含控制字符，请重命名后再上传';

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The uploaded file, or a BusinessError with `missingMessage` or the file name's problem. */
export async function uploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  missingMessage: string,
): Promise<MultipartFile> {
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw new BusinessError(400, missingMessage);
  if (CONTROL_CHARACTERS.test(file.filename)) {
    file.file.resume();
    throw new BusinessError(400, BAD_FILE_NAME_MESSAGE);
  }
  return file;
}
