// The files of the jobs — the ones they make (an export's workbook, an import's error file) and the one an import
// is given (its upload) — kept in the database in chunks of 256 KB: written as the workbook is produced and read
// back one chunk at a time, so neither the job nor the download holds a whole file, and any instance serves a
// file another one made.
import { PassThrough, Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const CHUNK_BYTES = 256 * 1024;

/** Where a job's file is kept: what it made, or what it was given. */
type FileTable = 'job_file_chunks' | 'job_upload_chunks';

/** Stores what `produce` writes (it ends the stream) as the job's file, replacing an earlier attempt's; its size. */
export async function storeJobFile(
  db: Kysely<DB>,
  jobId: string,
  produce: (out: PassThrough) => Promise<void>,
  table: FileTable = 'job_file_chunks',
): Promise<number> {
  await db.deleteFrom(table).where('job_id', '=', jobId).execute();
  const out = new PassThrough();
  const producing = produce(out).catch((error: unknown) => {
    out.destroy(error as Error);
  });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let seq = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const content = Buffer.concat(pending);
    pending = [];
    size += pendingBytes;
    pendingBytes = 0;
    await db.insertInto(table).values({ job_id: jobId, seq, content }).execute();
    seq += 1;
  };
  for await (const chunk of out) {
    pending.push(chunk as Buffer);
    pendingBytes += (chunk as Buffer).length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  await producing;
  return size;
}

/** The job's file as a stream, read chunk by chunk. */
export function jobFileStream(db: Kysely<DB>, jobId: string, table: FileTable = 'job_file_chunks'): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq += 1) {
      const chunk = await db
        .selectFrom(table)
        .select('content')
        .where('job_id', '=', jobId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!chunk) return;
      yield Buffer.from(chunk.content);
    }
  }
  return Readable.from(chunks());
}
