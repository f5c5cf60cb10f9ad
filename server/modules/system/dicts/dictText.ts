// `<field>_dictText` (API.md §2.2): the text of a value in the row's own tenant's dictionary, so a tenant that
// renames an item sees its own words in every list.
import { sql, type RawBuilder } from 'kysely';

/**
 * The item text of `valueColumn` in dictionary `dictCode` of the tenant in `tenantColumn`; null when none. Both
 * columns must be qualified with their table ('users.sex'): the subquery has tenant ids of its own.
 */
export function dictTextOf(
  dictCode: string,
  valueColumn: string,
  tenantColumn: string,
): RawBuilder<string | null> {
  return sql<string | null>`(select i.item_text from dict_items i join dicts d on d.id = i.dict_id
    where d.tenant_id = ${sql.ref(tenantColumn)} and d.dict_code = ${dictCode}
      and i.item_value = ${sql.ref(valueColumn)}::text
    order by i.sort_order limit 1)`;
}
