// Document numbers (DOMAIN §0): prefix + yyyyMMdd (Shanghai) + a daily sequence, e.g. SM202611210001. The
// counter row is taken with an upsert, so two commands at once get different numbers.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const SEQUENCE_DIGITS = 4;

export async function nextDocumentNo(db: Kysely<DB>, tenantId: string, prefix: string): Promise<string> {
  const { day } = await sql<{
    day: string;
  }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') as day`
    .execute(db)
    .then((result) => result.rows[0]);
  const { last_value: value } = await db
    .insertInto('document_sequences')
    .values({ tenant_id: tenantId, prefix, day, last_value: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['tenant_id', 'prefix', 'day'])
        .doUpdateSet({ last_value: sql`document_sequences.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return `${prefix}${day}${String(value).padStart(SEQUENCE_DIGITS, '0')}`;
}
