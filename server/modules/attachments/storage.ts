// Where the bytes of attachments live (DOMAIN §1.17): a folder on this machine by default, S3-compatible object
// storage (AWS S3, MinIO, OSS, COS …) when configured, so several instances serve the same files. Keys are made
// by the attachment service (tenant/id.suffix); the storage never interprets them.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { AttachmentStorageConfig } from '../../config';

export interface AttachmentStorage {
  readonly kind: AttachmentStorageConfig['kind'];
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream; null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** Lets go of connections (the S3 client's sockets) when the server stops. */
  close(): void;
}

/** A key is tenant/name: letters, digits, dot, dash and underscore only, so no key leaves the folder. */
const SAFE_KEY = /^[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/;

function checked(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe attachment key ${key}`);
  return key;
}

export function localStorage(dir: string): AttachmentStorage {
  const fileOf = (key: string) => path.join(dir, checked(key));
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await fs.promises.writeFile(partial, bytes);
      await fs.promises.rename(partial, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        await fs.promises.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    close() {},
  };
}

export function s3Storage(config: Extract<AttachmentStorageConfig, { kind: 's3' }>): AttachmentStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: 3,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer defaults
    // (aws-chunked bodies with CRC trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checked(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    close() {
      client.destroy();
    },
  };
}

export function attachmentStorageOf(config: AttachmentStorageConfig): AttachmentStorage {
  return config.kind === 's3' ? s3Storage(config) : localStorage(config.dir);
}
