// An agreement's document, the same for every kind of agreement (合作协议, 陈列协议 ...): its text is the template
// version it was made with, rendered with the values it was made with (never the template's later drafts); signing
// stores that text as a PDF snapshot; 下载PDF answers the snapshot, or before signing the text rendered now.
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { AgreementType, VariableValues } from '../../../common/agreements';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { agreementPdf } from './pdf';
import { renderAgreement } from './render';
import { versionById } from './templates';

export interface AgreementDocument {
  tenantId: string;
  kind: AgreementType;
  agreementId: string;
  agreementNo: string;
  /** The PDF's title, e.g. 合作协议 CA202601010001. */
  title: string;
  templateVersionId: string;
  values: VariableValues;
}

/** The agreement's text as HTML. */
export async function documentHtml(db: Kysely<DB>, document: AgreementDocument): Promise<string> {
  const version = await versionById(db, document.tenantId, document.templateVersionId);
  return renderAgreement(version, document.values);
}

/** Stores the signed text as the agreement's PDF snapshot (in the signing transaction); answers its id. */
export async function storeSnapshot(
  trx: Kysely<DB>,
  document: AgreementDocument,
  actorId: string,
): Promise<string> {
  const id = newId();
  await trx
    .insertInto('agreement_snapshots')
    .values({
      id,
      tenant_id: document.tenantId,
      agreement_kind: document.kind,
      agreement_id: document.agreementId,
      file_name: `${document.agreementNo}.pdf`,
      content: await agreementPdf(document.title, await documentHtml(trx, document)),
      created_by: actorId,
    })
    .execute();
  return id;
}

/** 下载PDF: the latest snapshot stored at signing, else the agreement's text rendered now (a draft's preview). */
export async function documentPdf(
  db: Kysely<DB>,
  document: AgreementDocument,
): Promise<{ fileName: string; content: Buffer }> {
  const snapshot = await db
    .selectFrom('agreement_snapshots')
    .select(['file_name', 'content'])
    .where('tenant_id', '=', document.tenantId)
    .where('agreement_kind', '=', document.kind)
    .where('agreement_id', '=', document.agreementId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (snapshot) return { fileName: snapshot.file_name, content: snapshot.content };
  return {
    fileName: `${document.agreementNo}.pdf`,
    content: await agreementPdf(document.title, await documentHtml(db, document)),
  };
}

/** Answers a PDF as a download under its (Chinese) file name. */
export const sendAgreementPdf = (reply: FastifyReply, file: { fileName: string; content: Buffer }) =>
  reply
    .type('application/pdf')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .send(file.content);
