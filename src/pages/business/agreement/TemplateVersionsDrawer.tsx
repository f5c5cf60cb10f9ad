// 版本历史: a template's published versions (newest first), each one's text, and the diff of two chosen
// versions line by line (removed lines red, added green).
import { useEffect, useState } from 'react';
import { Alert, Drawer, Select, Space, Table, Typography } from 'antd';
import type { DiffLine, TemplateRecord, TemplateVersionRecord } from '../../../../common/agreements';
import { diffTemplateVersions, templateVersions } from '../../../api/agreements';
import { AgreementHtml } from './AgreementHtml';

const LINE_STYLE: Record<DiffLine['kind'], React.CSSProperties> = {
  same: {},
  added: { background: '#f6ffed', color: '#237804' },
  removed: { background: '#fff1f0', color: '#a8071a', textDecoration: 'line-through' },
};
const MARK: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '−' };

export function TemplateVersionsDrawer({
  template,
  onClose,
}: {
  template: TemplateRecord | null;
  onClose: () => void;
}) {
  const [versions, setVersions] = useState<TemplateVersionRecord[] | null>(null);
  const [viewing, setViewing] = useState<TemplateVersionRecord | null>(null);
  const [pair, setPair] = useState<[number | undefined, number | undefined]>([undefined, undefined]);
  const [diff, setDiff] = useState<DiffLine[] | null>(null);
  const id = template?.id;

  useEffect(() => {
    if (!id) return;
    setVersions(null);
    setViewing(null);
    setDiff(null);
    templateVersions(id)
      .then((answer) => {
        const list = answer.success ? answer.result : [];
        setVersions(list);
        setPair([list[1]?.version, list[0]?.version]);
      })
      .catch(() => setVersions([]));
  }, [id]);

  useEffect(() => {
    const [from, to] = pair;
    if (!id || from === undefined || to === undefined) return setDiff(null);
    diffTemplateVersions(id, from, to)
      .then((answer) => setDiff(answer.success ? answer.result : null))
      .catch(() => setDiff(null));
  }, [id, pair]);

  const options = (versions ?? []).map((each) => ({ value: each.version, label: `v${each.version}` }));
  return (
    <Drawer
      title={template ? `版本历史：${template.name}` : ''}
      open={template !== null}
      onClose={onClose}
      size={820}
      destroyOnHidden
    >
      <Space orientation="vertical" size={24} style={{ width: '100%' }}>
        <Table<TemplateVersionRecord>
          size="small"
          rowKey="id"
          loading={versions === null}
          dataSource={versions ?? []}
          pagination={false}
          columns={[
            { title: '版本', dataIndex: 'version', render: (version: number) => `v${version}` },
            { title: '发布时间', dataIndex: 'publishedAt' },
            { title: '发布人', dataIndex: 'publishedByName' },
            {
              title: '操作',
              key: 'view',
              render: (_value, record) => <a onClick={() => setViewing(record)}>查看正文</a>,
            },
          ]}
        />
        {viewing && (
          <div>
            <Typography.Title level={5}>v{viewing.version} 正文</Typography.Title>
            <AgreementHtml html={viewing.bodyHtml} />
          </div>
        )}
        <div>
          <Typography.Title level={5}>版本对比</Typography.Title>
          {options.length < 2 ? (
            <Alert type="info" showIcon title="发布两个以上版本后可对比" />
          ) : (
            <>
              <Space style={{ marginBottom: 12 }}>
                <Select
                  aria-label="对比的旧版本"
                  value={pair[0]}
                  options={options}
                  style={{ width: 100 }}
                  onChange={(value: number) => setPair([value, pair[1]])}
                />
                →
                <Select
                  aria-label="对比的新版本"
                  value={pair[1]}
                  options={options}
                  style={{ width: 100 }}
                  onChange={(value: number) => setPair([pair[0], value])}
                />
              </Space>
              <div className="template-diff" style={{ border: '1px solid #f0f0f0', fontFamily: 'monospace' }}>
                {(diff ?? []).map((line, index) => (
                  <div key={index} style={{ ...LINE_STYLE[line.kind], padding: '2px 8px' }}>
                    {MARK[line.kind]} {line.text}
                  </div>
                ))}
              </div>
            </>
          )}
        </div>
      </Space>
    </Drawer>
  );
}
