// One asset: its record, the log of every move (入库 → 投放 → 巡检 … → 退还), its applications and inspections.
import { useEffect, useState } from 'react';
import { Descriptions, Drawer, Space, Table, Tag, Timeline, Typography } from 'antd';
import {
  getAsset,
  type AssetAlarm,
  type AssetApplication,
  type AssetDetail,
  type AssetInspection,
} from '../../../api/assets';
import { AssetLifecycleTables } from './AssetLifecycleTables';

export const PLACEMENT_COLOR: Record<string, string> = {
  IN_STOCK: 'default',
  LOCKED: 'gold',
  DELIVERING: 'blue',
  PLACED: 'green',
  RECALLING: 'purple',
};
export const CONDITION_COLOR: Record<string, string> = {
  NORMAL: 'green',
  ABNORMAL: 'orange',
  REPAIRING: 'blue',
  SCRAPPING: 'volcano',
  SCRAPPED: 'default',
  LOSING: 'red',
  LOST: 'default',
};

export function AssetDrawer({
  id,
  onClose,
  reload = 0,
}: {
  id: string | null;
  onClose: () => void;
  reload?: number;
}) {
  const [asset, setAsset] = useState<AssetDetail | null>(null);
  useEffect(() => {
    if (!id) return;
    let current = true;
    setAsset(null);
    getAsset(id)
      .then((answer) => current && answer.success && setAsset(answer.result))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [id, reload]);

  return (
    <Drawer
      title={asset ? `资产详情：${asset.assetNo}` : '资产详情'}
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      loading={id !== null && asset === null}
    >
      {asset && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="资产编号">{asset.assetNo}</Descriptions.Item>
            <Descriptions.Item label="出厂编号">{asset.serialNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="类型 / 型号">
              {asset.assetType_dictText} · {asset.modelCode} {asset.modelName}
            </Descriptions.Item>
            <Descriptions.Item label="资产价值">¥{Number(asset.value).toFixed(2)}</Descriptions.Item>
            <Descriptions.Item label="投放状态">
              <Tag color={PLACEMENT_COLOR[asset.placementStatus]}>{asset.placementStatus_dictText}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="设备状态">
              <Tag color={CONDITION_COLOR[asset.conditionStatus]}>{asset.conditionStatus_dictText}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="所在仓库">{asset.warehouseName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="投放门店">{asset.customerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="责任人">{asset.responsibleName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="投放日期">{asset.placedAt ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="最近巡检">{asset.lastInspectionAt ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="温度">
              {asset.lastTemperature == null ? '—' : `${asset.lastTemperature}℃`}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>流转记录</Typography.Title>
            <Timeline
              items={asset.moves.map((move) => ({
                key: move.id,
                content: (
                  <>
                    <Typography.Text strong>{move.moveType_dictText}</Typography.Text>{' '}
                    {[move.fromText, move.toText].filter(Boolean).join(' → ')}
                    {move.detail && <div>{move.detail}</div>}
                    <Typography.Text type="secondary">
                      {move.createdAt} {move.operatorName ?? ''} {move.applyNo ?? ''}
                    </Typography.Text>
                  </>
                ),
              }))}
            />
          </div>
          <div>
            <Typography.Title level={5}>申请记录</Typography.Title>
            <Table<AssetApplication>
              size="small"
              rowKey="id"
              dataSource={asset.applications}
              pagination={false}
              columns={[
                { title: '申请编号', dataIndex: 'applyNo' },
                { title: '类型', dataIndex: 'applyType_dictText' },
                { title: '门店', dataIndex: 'customerName' },
                { title: '状态', dataIndex: 'status_dictText' },
                { title: '押金', dataIndex: 'depositStatus_dictText' },
                { title: '申请时间', dataIndex: 'createTime' },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>巡检记录</Typography.Title>
            <Table<AssetInspection>
              size="small"
              rowKey="id"
              dataSource={asset.inspections}
              pagination={false}
              columns={[
                { title: '巡检编号', dataIndex: 'inspectionNo' },
                { title: '通电', dataIndex: 'poweredOn', render: (on: boolean) => (on ? '是' : '否') },
                {
                  title: '温度',
                  dataIndex: 'temperature',
                  render: (t: string | null) => (t == null ? '—' : `${t}℃`),
                },
                { title: '清洁', dataIndex: 'cleanliness_dictText' },
                { title: '结果', dataIndex: 'reportedCondition_dictText' },
                { title: '照片', dataIndex: 'photoIds', render: (ids: string[]) => `${ids.length} 张` },
                { title: '巡检人', dataIndex: 'inspectorName' },
                { title: '时间', dataIndex: 'createdAt' },
              ]}
            />
          </div>
          <AssetLifecycleTables
            deposits={asset.deposits ?? []}
            agreements={asset.agreements ?? []}
            handovers={asset.handovers ?? []}
          />
          {asset.alarms.length > 0 && (
            <div>
              <Typography.Title level={5}>告警记录</Typography.Title>
              <Table<AssetAlarm>
                size="small"
                rowKey="id"
                dataSource={asset.alarms}
                pagination={false}
                columns={[
                  { title: '告警编号', dataIndex: 'alarmId' },
                  { title: '类型', dataIndex: 'alarmType_dictText' },
                  {
                    title: '读数',
                    render: (_: unknown, alarm: AssetAlarm) =>
                      alarm.temperature != null
                        ? `${alarm.temperature}℃`
                        : alarm.durationMinutes != null
                          ? `断电 ${alarm.durationMinutes} 分钟`
                          : '—',
                  },
                  {
                    title: '处理',
                    dataIndex: 'exceptionId',
                    render: (exceptionId: string | null) =>
                      exceptionId ? <Tag color="orange">已生成异常报备</Tag> : <Tag>仅记录</Tag>,
                  },
                  { title: '告警时间', dataIndex: 'occurredAt' },
                ]}
              />
            </div>
          )}
        </Space>
      )}
    </Drawer>
  );
}
