// The options of each dictionary, fetched once per page load and shared by every DictSelect (and any
// column that shows a dictionary text). A failed load is forgotten so that the next use tries again;
// editing a dictionary's items forgets that dictionary.
import { useEffect, useState } from 'react';
import { getDictItems, type DictModel } from '../api/systemDict';

const cache = new Map<string, Promise<DictModel[]>>();

export function loadDictItems(dictCode: string): Promise<DictModel[]> {
  let items = cache.get(dictCode);
  if (!items) {
    items = getDictItems(dictCode).then((answer) =>
      answer.success ? (answer.result ?? []) : Promise.reject(new Error(answer.message)),
    );
    cache.set(dictCode, items);
    items.catch(() => cache.delete(dictCode));
  }
  return items;
}

/** Forgets one dictionary (its items changed), or every one. */
export function forgetDictItems(dictCode?: string): void {
  if (dictCode === undefined) cache.clear();
  else cache.delete(dictCode);
}

/** The dictionary's options; empty until loaded (and when the load fails). */
export function useDictItems(dictCode: string): DictModel[] {
  const [items, setItems] = useState<{ code: string; list: DictModel[] }>({ code: dictCode, list: [] });
  useEffect(() => {
    let current = true;
    loadDictItems(dictCode).then(
      (list) => {
        if (current) setItems({ code: dictCode, list });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [dictCode]);
  return items.code === dictCode ? items.list : [];
}

/** The text of `value` in the dictionary, else the value itself. */
export function dictText(items: DictModel[], value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return items.find((item) => item.value === String(value))?.text ?? String(value);
}
