// Deleting rows of a list page: one row through its own endpoint, the selected rows through the batch
// endpoint (each guarded by its own code), always after a confirmation that says what goes with them.
import type { ReactNode } from 'react';
import { Button } from 'antd';
import type { Envelope } from '../../../common/contract';
import { useConfirmAction } from '../form/useConfirmAction';
import { HasPermission } from '../HasPermission';

export interface RemoveRowsOptions<T> {
  /** What a row is: 用户, 角色 ... */
  noun: string;
  /** The counting word: 个, 条. */
  unit: string;
  /** The row's name in the single-row question; without it the question says 这{unit}{noun}. */
  nameOf?: (row: T) => string;
  /** What else happens, said in the confirmation. */
  content: ReactNode;
  idOf: (row: T) => string;
  deleteOne: (id: string) => Promise<Envelope<unknown>>;
  deleteMany: (ids: string[]) => Promise<Envelope<unknown>>;
  /** After a deletion, before `onDone` (forget cached data ...). */
  onDeleted?: (rows: T[]) => void;
}

export type RemoveRows<T> = (rows: T[], onDone: () => void, batch?: boolean) => void;

export function useRemoveRows<T>(options: RemoveRowsOptions<T>): RemoveRows<T> {
  const confirm = useConfirmAction();
  const { noun, unit, nameOf, content, idOf, deleteOne, deleteMany, onDeleted } = options;
  return (rows, onDone, batch = false) =>
    confirm({
      title: batch
        ? `确定删除所选的 ${rows.length} ${unit}${noun}吗？`
        : nameOf
          ? `确定删除${noun}“${nameOf(rows[0])}”吗？`
          : `确定删除这${unit}${noun}吗？`,
      content,
      okText: '删除',
      action: () => (batch ? deleteMany(rows.map(idOf)) : deleteOne(idOf(rows[0]))),
      onDone: () => {
        onDeleted?.(rows);
        onDone();
      },
    });
}

/** The batch bar's delete button, shown to holders of `code`. */
export function BatchDeleteButton({ code, onClick }: { code: string; onClick: () => void }) {
  return (
    <HasPermission code={code}>
      <Button size="small" danger onClick={onClick}>
        批量删除
      </Button>
    </HasPermission>
  );
}
