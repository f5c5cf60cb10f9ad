// 微信配置 (/payment/wxconfig, payment/WxConfigList): the tenant's official account, mall and employee-shop
// mini-programs and WeChat Pay merchant. Secrets are write-only: the page shows 已设置/未设置, and a blank
// secret field on save keeps the stored one. A mini-program has its subscription message templates of the
// order events (订阅消息) and the keywords they carry.
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Col, Descriptions, Form, Input, Row, Tag } from 'antd';
import { WX_MODE, type WxAccountKind } from '../../../../common/payments';
import {
  DEFAULT_MESSAGE_FIELDS,
  MINI_MESSAGE_EVENT,
  parseMessageFields,
  type MiniMessageEvent,
} from '../../../../common/wxplatform';
import { listWxAccounts, saveWxAccount, type WxAccount, type WxAccountInput } from '../../../api/payments';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission } from '../../../components/HasPermission';

const isSet = (set: boolean) => (set ? <Tag color="green">已设置</Tag> : <Tag>未设置</Tag>);
const secretHint = (set: boolean) => (set ? '已设置，留空则保持不变' : undefined);
const EVENTS = Object.keys(MINI_MESSAGE_EVENT) as MiniMessageEvent[];
const isMiniProgram = (kind: WxAccountKind | undefined) => kind === 'MINI_MALL' || kind === 'MINI_EMPLOYEE';
const fieldsRule = {
  validator: async (_rule: unknown, value: string | null | undefined) => {
    const parsed = parseMessageFields(value);
    if ('error' in parsed) throw new Error(parsed.error);
  },
};

function AccountCard({ account, onEdit }: { account: WxAccount; onEdit: () => void }) {
  const merchant = account.kind === 'PAY_MERCHANT';
  return (
    <Card
      title={account.kind_dictText}
      size="small"
      extra={
        <HasPermission code="wxconfig:edit">
          <Button type="link" size="small" onClick={onEdit} aria-label={`编辑${account.kind_dictText}`}>
            编辑
          </Button>
        </HasPermission>
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label="名称">{account.name}</Descriptions.Item>
        <Descriptions.Item label="环境">
          <Tag color={account.mode === 'LIVE' ? 'blue' : 'orange'}>{account.mode_dictText}</Tag>
        </Descriptions.Item>
        {merchant ? (
          <>
            <Descriptions.Item label="商户号">{account.mchId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="证书序列号">{account.serialNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="APIv3 密钥">{isSet(account.apiV3KeySet)}</Descriptions.Item>
            <Descriptions.Item label="商户 API 私钥">{isSet(account.privateKeySet)}</Descriptions.Item>
            <Descriptions.Item label="平台证书/公钥ID">{account.platformSerial ?? '—'}</Descriptions.Item>
          </>
        ) : (
          <>
            <Descriptions.Item label="AppID">{account.appId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="AppSecret">{isSet(account.appSecretSet)}</Descriptions.Item>
            {isMiniProgram(account.kind) && (
              <Descriptions.Item label="订阅消息模板">
                {Object.keys(account.messageTemplates ?? {}).length} / {EVENTS.length}
              </Descriptions.Item>
            )}
          </>
        )}
        <Descriptions.Item label="更新时间">{account.updatedAt ?? '未配置'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export default function WxConfigListPage() {
  const [accounts, setAccounts] = useState<WxAccount[]>([]);
  const [editing, setEditing] = useState<WxAccount | null>(null);
  const load = useCallback(() => {
    listWxAccounts()
      .then((answer) => answer.success && setAccounts(answer.result))
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);
  const merchant = editing?.kind === 'PAY_MERCHANT';
  return (
    <>
      <Row gutter={[16, 16]}>
        {accounts.map((account) => (
          <Col key={account.kind} xs={24} md={12} xl={6}>
            <AccountCard account={account} onEdit={() => setEditing(account)} />
          </Col>
        ))}
      </Row>
      <ModalForm<WxAccountInput>
        title={editing ? `编辑${editing.kind_dictText}` : '编辑'}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={load}
        width={640}
        initialValues={
          editing
            ? {
                name: editing.name,
                mode: editing.mode,
                appId: editing.appId,
                mchId: editing.mchId,
                serialNo: editing.serialNo,
                platformSerial: editing.platformSerial,
                platformCert: editing.platformCert,
                remark: editing.remark,
                messageTemplates: editing.messageTemplates,
                messageFields: editing.messageFields,
              }
            : undefined
        }
        onSubmit={(values) => saveWxAccount({ ...values, kind: editing!.kind as WxAccountKind })}
      >
        <Form.Item name="name" label="名称" rules={[required('名称'), { max: 64, message: '最多64个字!' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="mode" label="环境" rules={[required('环境', '选择')]}>
          <EnumSelect labels={WX_MODE} />
        </Form.Item>
        <Form.Item name="appId" label="AppID">
          <Input />
        </Form.Item>
        {merchant ? (
          <>
            <Form.Item name="mchId" label="商户号">
              <Input />
            </Form.Item>
            <Form.Item name="serialNo" label="商户证书序列号">
              <Input />
            </Form.Item>
            <Form.Item name="apiV3Key" label="APIv3 密钥" extra={secretHint(editing.apiV3KeySet)}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="privateKey" label="商户 API 私钥" extra={secretHint(editing.privateKeySet)}>
              <Input.TextArea rows={3} placeholder="-----BEGIN PRIVATE KEY-----" />
            </Form.Item>
            <Form.Item name="platformSerial" label="平台证书序列号/公钥ID">
              <Input />
            </Form.Item>
            <Form.Item name="platformCert" label="平台证书/微信支付公钥">
              <Input.TextArea
                rows={3}
                placeholder="-----BEGIN CERTIFICATE----- 或 -----BEGIN PUBLIC KEY-----"
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="appSecret" label="AppSecret" extra={secretHint(editing?.appSecretSet ?? false)}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        {isMiniProgram(editing?.kind) && (
          <>
            {EVENTS.map((event) => (
              <Form.Item
                key={event}
                name={['messageTemplates', event]}
                label={`${MINI_MESSAGE_EVENT[event]}模板ID`}
                extra={event === 'PAID' ? '订单状态变化时发给已订阅的买家；留空则不发送' : undefined}
              >
                <Input />
              </Form.Item>
            ))}
            <Form.Item
              name="messageFields"
              label="模板字段"
              rules={[fieldsRule]}
              extra="关键词=取值，逗号分隔；取值为 orderNo 订单号、status 订单状态、time 时间、amount 金额、remark 备注"
            >
              <Input placeholder={DEFAULT_MESSAGE_FIELDS} />
            </Form.Item>
          </>
        )}
        <Form.Item name="remark" label="备注">
          <Input />
        </Form.Item>
      </ModalForm>
    </>
  );
}
