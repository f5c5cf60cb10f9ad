// A customer's detail: the record, its photos as a slideshow, its freezers, its agreements, an outlet's display
// agreements, latest visits and execution results, its fund accounts, its team and its labels, its 变更记录.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import {
  customerPhotos,
  customerTeam,
  type Customer,
  type CustomerPhoto,
  type TeamMember,
} from '../../../api/customers';
import { ChangeHistory } from '../../../components/history/ChangeHistory';
import { HasPermission } from '../../../components/HasPermission';
import { RegionName } from '../../../components/region/RegionPicker';
import { CustomerAgreements } from '../agreement/CustomerAgreements';
import { OutletAssets } from '../asset/OutletAssets';
import { CustomerDisplayAgreements } from '../display/CustomerDisplayAgreements';
import { CustomerExecutions } from '../execution/CustomerExecutions';
import { CustomerFundAccounts } from '../rebate/CustomerFundAccounts';
import { CustomerVisits } from '../visit/CustomerVisits';
import { CustomerPhotos } from './CustomerPhotos';

export function CustomerDrawer({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const [photos, setPhotos] = useState<CustomerPhoto[] | null>(null);
  const [team, setTeam] = useState<TeamMember[] | null>(null);
  const id = customer?.id;
  const loadPhotos = useCallback(() => {
    if (!id) return;
    customerPhotos(id)
      .then((answer) => setPhotos(answer.success ? answer.result : []))
      .catch(() => setPhotos([]));
  }, [id]);
  useEffect(() => {
    if (!id) return;
    let current = true;
    setPhotos(null);
    setTeam(null);
    loadPhotos();
    customerTeam(id)
      .then((answer) => current && setTeam(answer.success ? answer.result : []))
      .catch(() => current && setTeam([]));
    return () => {
      current = false;
    };
  }, [id, loadPhotos]);

  return (
    <Drawer
      title={customer ? `客户详情：${customer.name}（${customer.customerCode}）` : ''}
      open={customer !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
    >
      {customer && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="客户类型">{customer.customerType_dictText}</Descriptions.Item>
            <Descriptions.Item label="渠道 / 业态">
              {[customer.channel_dictText, customer.outletType].filter(Boolean).join(' / ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="等级">{customer.level ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {customer.status_dictText} · {customer.auditStatus_dictText} · {customer.verifyStatus_dictText}
            </Descriptions.Item>
            <Descriptions.Item label="联系人">
              {customer.contactName ?? '—'} {customer.contactMobile ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label="供货经销商">{customer.servingDealerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>
              <RegionName codes={[customer.provinceCode, customer.cityCode, customer.districtCode]} />{' '}
              {customer.address ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label="冰柜数">{customer.freezerCount}</Descriptions.Item>
            <Descriptions.Item label="最近拜访">{customer.lastVisitTime ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="标签" span={2}>
              {customer.labels.length
                ? customer.labels.map((label) => (
                    <Tag key={label.id} color={label.color ?? undefined}>
                      {label.name}
                    </Tag>
                  ))
                : '—'}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>门店照片</Typography.Title>
            <CustomerPhotos customerId={customer.id} photos={photos} onChanged={loadPhotos} />
          </div>
          <HasPermission code="asset:list">
            <Section title="冰柜资产">
              <OutletAssets customerId={customer.id} />
            </Section>
          </HasPermission>
          <HasPermission code="coopAgreement:list">
            <Section title="协议">
              <CustomerAgreements customerId={customer.id} />
            </Section>
          </HasPermission>
          <HasPermission code="display:list">
            <Section title="陈列协议">
              <CustomerDisplayAgreements customerId={customer.id} />
            </Section>
          </HasPermission>
          <HasPermission code="visit:list">
            <Section title="最近拜访">
              <CustomerVisits customerId={customer.id} />
            </Section>
          </HasPermission>
          <HasPermission code="execution:list">
            <Section title="门店执行">
              <CustomerExecutions customerId={customer.id} />
            </Section>
          </HasPermission>
          <HasPermission code="fund:list">
            <Section title="资金账户">
              <CustomerFundAccounts customerId={customer.id} />
            </Section>
          </HasPermission>
          <div>
            <Typography.Title level={5}>客户团队</Typography.Title>
            <Table<TeamMember>
              size="small"
              rowKey="id"
              loading={team === null}
              dataSource={team ?? []}
              pagination={false}
              columns={[
                { title: '姓名', dataIndex: 'realname' },
                { title: '手机', dataIndex: 'phone' },
                { title: '角色', dataIndex: 'role_dictText' },
                { title: '开始日期', dataIndex: 'fromDate' },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>变更记录</Typography.Title>
            <ChangeHistory bizType="CUSTOMER" bizId={customer.id} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}

/** One titled part of the drawer. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </div>
  );
}
