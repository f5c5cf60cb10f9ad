// Every page of a list query, read 200 rows at a time: what an export (sendWorkbook) streams, so an
// export holds exactly what the list's filters select, in the list's order and the caller's scope.
import type { Page } from '../../../common/contract';
import type { RawQuery } from '../../http/listQuery';

export const EXPORT_PAGE_SIZE = 200;

export async function* allPages<T>(
  list: (query: RawQuery) => Promise<Page<T>>,
  query: RawQuery,
): AsyncGenerator<T[]> {
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await list({ ...query, pageNo: String(pageNo), pageSize: String(EXPORT_PAGE_SIZE) });
    yield page.records;
    if (pageNo >= page.pages) return;
  }
}
