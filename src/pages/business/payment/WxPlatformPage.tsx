// 小程序发布 (/payment/wxplatform, payment/WxPlatform): the tenant's mall and employee-shop mini-programs as
// authorised to the WeChat third-party platform, and each one's versions: 上传版本 (a code template), 提交审核,
// 刷新审核结果, 发布, 版本回退. The server enforces the release flow; the buttons only follow it.
// 授权小程序 leaves for WeChat's authorisation page, which comes back here with auth_code (and the kind we
// put in the return address): the page then completes the authorisation and cleans the address.
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  MINI_PROGRAM_KIND,
  type MiniCommitInput,
  type MiniProgramKind,
  type MiniVersionStatus,
} from '../../../../common/wxplatform';
import {
  authorizationUrl,
  commitMiniVersion,
  completeAuthorization,
  listMiniPrograms,
  moveMiniVersion,
  type MiniProgram,
  type MiniVersion,
  type MiniVersionCommand,
} from '../../../api/wxplatform';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { settle } from '../../../components/form/settle';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission } from '../../../components/HasPermission';

const KIND_PARAM = 'wxAuthKind';

const STATUS_COLOR: Record<MiniVersionStatus, string> = {
  UPLOADED: 'default',
  AUDITING: 'processing',
  AUDIT_PASSED: 'cyan',
  AUDIT_FAILED: 'error',
  RELEASED: 'success',
  SUPERSEDED: 'default',
  ROLLED_BACK: 'warning',
};

const COMMANDS: Array<{
  command: MiniVersionCommand;
  label: string;
  shown: keyof MiniVersion['actions'];
  confirm?: string;
}> = [
  {
    command: 'submit',
    label: '提交审核',
    shown: 'submit',
    confirm: '提交微信审核？审核期间不能上传新版本。',
  },
  { command: 'refreshAudit', label: '刷新审核结果', shown: 'refresh' },
  { command: 'release', label: '发布', shown: 'release', confirm: '发布后所有用户将使用此版本。' },
  {
    command: 'rollback',
    label: '版本回退',
    shown: 'rollback',
    confirm: '线上版本将回退到上一个发布的版本。',
  },
];

/** The return address of the authorisation page: this page, remembering which kind is being authorised. */
const returnAddress = (kind: MiniProgramKind) => {
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set(KIND_PARAM, kind);
  return url.toString();
};

function VersionTable({ program, onChanged }: { program: MiniProgram; onChanged: () => void }) {
  const confirm = useConfirmAction();
  const run = (version: MiniVersion, { command, label, confirm: question }: (typeof COMMANDS)[number]) => {
    const action = () => moveMiniVersion(command, version.id);
    if (!question) {
      void settle(action()).then(onChanged);
      return;
    }
    confirm({
      title: `${label} ${version.userVersion}`,
      content: question,
      okText: label,
      danger: command === 'rollback',
      action,
      onDone: onChanged,
    });
  };
  const columns: ColumnsType<MiniVersion> = [
    { title: '版本号', dataIndex: 'userVersion' },
    { title: '模板ID', dataIndex: 'templateId' },
    { title: '版本描述', dataIndex: 'userDesc', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      render: (_, version) => <Tag color={STATUS_COLOR[version.status]}>{version.status_dictText}</Tag>,
    },
    { title: '审核意见', dataIndex: 'auditReason', render: (reason: string | null) => reason ?? '—' },
    { title: '上传时间', dataIndex: 'createdAt' },
    { title: '提交审核', dataIndex: 'submittedAt', render: (value: string | null) => value ?? '—' },
    { title: '发布时间', dataIndex: 'releasedAt', render: (value: string | null) => value ?? '—' },
    {
      title: '操作',
      key: 'actions',
      render: (_, version) => (
        <HasPermission code="wxplatform:release">
          <Space size={0}>
            {COMMANDS.filter((each) => version.actions[each.shown]).map((each) => (
              <Button key={each.command} type="link" size="small" onClick={() => run(version, each)}>
                {each.label}
              </Button>
            ))}
          </Space>
        </HasPermission>
      ),
    },
  ];
  return (
    <Table<MiniVersion>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={program.versions}
      pagination={false}
      locale={{ emptyText: '暂无版本' }}
      aria-label={`${program.kind_dictText}版本记录`}
    />
  );
}

export default function WxPlatformPage() {
  const [programs, setPrograms] = useState<MiniProgram[]>([]);
  const [uploading, setUploading] = useState<MiniProgram | null>(null);
  const load = useCallback(() => {
    listMiniPrograms()
      .then((answer) => answer.success && setPrograms(answer.result))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const authCode = params.get('auth_code');
    const kind = params.get(KIND_PARAM) as MiniProgramKind | null;
    if (authCode && kind && kind in MINI_PROGRAM_KIND) {
      // Once: the code is good for one use, and a reload must not try it again.
      window.history.replaceState(null, '', window.location.pathname);
      void settle(completeAuthorization(kind, authCode)).then(load);
    } else {
      load();
    }
  }, [load]);

  const authorise = async (kind: MiniProgramKind) => {
    const answer = await authorizationUrl(returnAddress(kind)).catch(() => null);
    if (answer?.success) window.location.assign(answer.result.url);
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {programs.map((program) => (
        <Card
          key={program.kind}
          title={program.kind_dictText}
          size="small"
          extra={
            <Space>
              <HasPermission code="wxplatform:authorize">
                <Button size="small" onClick={() => void authorise(program.kind)}>
                  {program.id ? '重新授权' : '授权小程序'}
                </Button>
              </HasPermission>
              {program.id && (
                <HasPermission code="wxplatform:release">
                  <Button type="primary" size="small" onClick={() => setUploading(program)}>
                    上传版本
                  </Button>
                </HasPermission>
              )}
            </Space>
          }
        >
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="AppID">{program.appId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="授权状态">
              <Tag color={program.status === 'AUTHORIZED' ? 'green' : undefined}>
                {program.status_dictText}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="授权时间">{program.authorizedAt ?? '—'}</Descriptions.Item>
          </Descriptions>
          {program.id && <VersionTable program={program} onChanged={load} />}
        </Card>
      ))}
      <ModalForm<Omit<MiniCommitInput, 'programId'>>
        title={uploading ? `上传${uploading.kind_dictText}版本` : '上传版本'}
        open={uploading !== null}
        onClose={() => setUploading(null)}
        onSaved={load}
        onSubmit={(values) => commitMiniVersion({ ...values, programId: uploading!.id! })}
      >
        <Form.Item
          name="templateId"
          label="代码模板ID"
          rules={[required('代码模板ID'), { pattern: /^\d{1,12}$/, message: '代码模板ID为数字!' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="userVersion"
          label="版本号"
          rules={[
            required('版本号'),
            { pattern: /^[0-9A-Za-z._-]{1,32}$/, message: '版本号只能包含字母、数字、点、下划线和横线!' },
          ]}
        >
          <Input placeholder="1.0.0" />
        </Form.Item>
        <Form.Item
          name="userDesc"
          label="版本描述"
          rules={[required('版本描述'), { max: 256, message: '最多256个字!' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="extJson" label="ext.json" extra="第三方平台模板的自定义配置（JSON 对象），可不填">
          <Input.TextArea rows={3} placeholder='{"extAppid": "..."}' />
        </Form.Item>
      </ModalForm>
    </Space>
  );
}
