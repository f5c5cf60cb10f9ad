// Zips of photos a module selects by a query (陈列照片 of an agreement or of a month, docs/attachments-api.md):
// up to the threshold (ZIP_ASYNC_THRESHOLD photos) the zip streams to the response at once; beyond it the zip
// becomes a job of 下载中心 (kind ZIP, listed with the exports) that selects the photos again from the same query
// in its owner's scope, whichever instance claims it, and streams them into the job's file. Like an export, the
// answer then says so instead of sending a file.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ZIP_JOB_MAX_ATTACHMENTS } from '../../../common/attachments';
import { JOB_TEXTS, type QueuedExport } from '../../../common/jobs';
import type { DB } from '../../db/schema';
import { BusinessError, ok } from '../../http/envelope';
import { callerOf, type Caller } from '../shared/actor';
import { storeJobFile } from '../jobs/files';
import type { JobHandler } from '../jobs/runner';
import { BIZ_SCOPES } from './scopes';
import { zipAttachments } from './service';
import type { AttachmentStorage } from './storage';

/** The kind of the 下载中心 job that makes a zip. */
export const ZIP_JOB = 'ZIP';

/** What a zip holds: its name (without .zip) and its photos in order, each in a folder of the zip or at its root. */
export interface ZipSelection {
  name: string;
  photos: Array<{ id: string; folder?: string }>;
}

export interface ZipDefinition<Q extends Record<string, unknown>> {
  /** Finds the definition again in a job's payload. */
  key: string;
  /** The photos the query selects in the caller's scope (a 400 or 404 for a query it refuses). */
  select(db: Kysely<DB>, caller: Caller, query: Q): Promise<ZipSelection>;
}

const zipDefinitions = new Map<string, ZipDefinition<Record<string, unknown>>>();

/** Declares a zip (at module load, so that every instance knows it). */
export function defineZip<Q extends Record<string, unknown>>(definition: ZipDefinition<Q>): ZipDefinition<Q> {
  if (zipDefinitions.has(definition.key)) throw new Error(`zip ${definition.key} declared twice`);
  zipDefinitions.set(definition.key, definition as unknown as ZipDefinition<Record<string, unknown>>);
  return definition;
}

/** A name of a file or folder inside the zip: the characters Windows refuses become _. */
export const zipSafeName = (name: string): string => name.replace(/[\\/:*?"<>|]/g, '_').trim() || '_';

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export const dispositionOf = (kind: 'inline' | 'attachment', fileName: string) =>
  `${kind}; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Sends a streamed zip as the download `name`.zip. */
export function sendZipArchive(reply: FastifyReply, name: string, archive: Readable): FastifyReply {
  return reply
    .header('content-type', 'application/zip')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('content-disposition', dispositionOf('attachment', `${zipSafeName(name)}.zip`))
    .send(archive);
}

async function selectionOf<Q extends Record<string, unknown>>(
  db: Kysely<DB>,
  caller: Caller,
  definition: ZipDefinition<Q>,
  query: Q,
): Promise<ZipSelection> {
  const selection = await definition.select(db, caller, query);
  if (selection.photos.length === 0) throw new BusinessError(400, '所选范围内没有照片');
  if (selection.photos.length > ZIP_JOB_MAX_ATTACHMENTS)
    throw new BusinessError(
      400,
      `照片共 ${selection.photos.length} 张，超过一次最多 ${ZIP_JOB_MAX_ATTACHMENTS} 张，请缩小范围`,
    );
  return selection;
}

/** The streamed zip of a selection, read from the attachment storage as it is taken. */
function zipOf(db: Kysely<DB>, storage: AttachmentStorage, caller: Caller, selection: ZipSelection) {
  const folders = new Map(
    selection.photos.flatMap((photo) =>
      photo.folder ? [[photo.id, zipSafeName(photo.folder)] as const] : [],
    ),
  );
  return zipAttachments(
    db,
    storage,
    caller,
    selection.photos.map((photo) => photo.id),
    BIZ_SCOPES,
    folders,
  );
}

/** Answers a zip request: the zip, or — over the threshold — the job of 下载中心 that will make it. */
export async function sendZip<Q extends Record<string, unknown>>(
  request: FastifyRequest,
  reply: FastifyReply,
  definition: ZipDefinition<Q>,
  query: Q,
): Promise<unknown> {
  const { server } = request;
  const { db } = server.database;
  const caller = callerOf(request);
  const selection = await selectionOf(db, caller, definition, query);
  const total = selection.photos.length;
  if (total <= server.jobs.config.zipThreshold) {
    return sendZipArchive(
      reply,
      selection.name,
      await zipOf(db, server.attachmentStorage, caller, selection),
    );
  }
  const title = zipSafeName(selection.name);
  const jobId = await server.jobs.enqueue({
    kind: ZIP_JOB,
    title,
    tenantId: caller.tenantId,
    userId: caller.userId,
    payload: { zipKey: definition.key, query },
    total,
  });
  return ok<QueuedExport>({ jobId, title, total }, JOB_TEXTS.zipQueued(total));
}

/** The job of a zip: its photos selected again in the owner's scope and streamed into the job's file. */
export function zipJob(storage: AttachmentStorage): JobHandler {
  return async ({ job, db, signal, progress }) => {
    const { zipKey, query } = job.payload as { zipKey: string; query: Record<string, unknown> };
    const definition = zipDefinitions.get(zipKey);
    if (!definition) throw new Error(`unknown zip ${zipKey}`);
    const caller = { tenantId: job.tenant_id!, userId: job.user_id! };
    const selection = await selectionOf(db, caller, definition, query);
    const total = selection.photos.length;
    await progress(0, total);
    const archive = await zipOf(db, storage, caller, selection);
    let done = 0;
    archive.on('entry', () => {
      done += 1;
      void progress(done, total).catch(() => undefined);
    });
    const size = await storeJobFile(db, job.id, (out) => pipeline(archive, out, { signal }));
    return { file: { name: `${zipSafeName(selection.name)}.zip`, size }, result: { photos: total } };
  };
}
