// 变更记录 of a business object: who did what when, newest first, each with the fields it changed (old → new).
// Read when shown; every detail drawer of a business object places it as its own section.
import { useEffect, useState } from 'react';
import { Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { FIELD_LABELS, type ChangeRecord, type HistoryBizType } from '../../../common/changeHistory';
import { changeHistory } from '../../api/changeHistory';

const OPERATE_LABELS: Record<number, { label: string; color: string }> = {
  2: { label: '新增', color: 'green' },
  3: { label: '编辑', color: 'blue' },
  4: { label: '删除', color: 'red' },
  5: { label: '导入', color: 'purple' },
};

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function ChangeHistory({ bizType, bizId }: { bizType: HistoryBizType; bizId: string }) {
  const [records, setRecords] = useState<ChangeRecord[] | null>(null);
  useEffect(() => {
    let current = true;
    setRecords(null);
    changeHistory(bizType, bizId)
      .then((answer) => current && setRecords(answer.success ? answer.result : []))
      // A failed read was reported by the HTTP error saga.
      .catch(() => current && setRecords([]));
    return () => {
      current = false;
    };
  }, [bizType, bizId]);

  if (records === null) return <Spin aria-label="加载变更记录" />;
  if (records.length === 0) return <Empty description="暂无变更记录" />;
  return (
    <Timeline
      aria-label="变更记录"
      items={records.map((record) => {
        const operate = record.operateType === null ? undefined : OPERATE_LABELS[record.operateType];
        return {
          key: record.id,
          content: (
            <div>
              <div>
                {operate && <Tag color={operate.color}>{operate.label}</Tag>}
                <Typography.Text>{record.content}</Typography.Text>
              </div>
              <Typography.Text type="secondary">
                {record.createdAt} · {record.username ?? '系统'}
              </Typography.Text>
              {record.changes.length > 0 && (
                <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                  {record.changes.map((change) => (
                    <li key={change.field}>
                      {FIELD_LABELS[change.field] ?? change.field}：
                      {record.operateType === 2 ? (
                        shown(change.after)
                      ) : (
                        <>
                          <Typography.Text delete type="secondary">
                            {shown(change.before)}
                          </Typography.Text>
                          {' → '}
                          {shown(change.after)}
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ),
        };
      })}
    />
  );
}
