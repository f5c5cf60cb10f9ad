// 资产报表 (eAsset/AssetReport, issue #20): assets per region by placement and condition state, six months of
// freezer utilisation (cases the holding outlets bought per freezer), the placed assets overdue for inspection
// with their list, and the idle list, each list with its export. One asset-type filter, kept in the URL by the
// idle list, drives all of it.
import { useEffect, useState } from 'react';
import { Card, Col, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ASSET_TYPE, CONDITION_STATUS, PLACEMENT_STATUS } from '../../../../common/assets';
import {
  exportIdleAssets,
  exportOverdueInspection,
  listAssets,
  listIdleAssets,
  loadAssetReport,
  type Asset,
  type AssetReport,
  type IdleAsset,
} from '../../../api/assets';
import { compactLayout, useCompact } from '../../../components/table/compactColumns';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

type RegionRow = AssetReport['byRegion'][number];
type MonthRow = AssetReport['utilisation'][number];

const TYPE_OPTIONS = [
  { value: '', label: '全部' },
  ...Object.entries(ASSET_TYPE).map(([value, label]) => ({ value, label })),
];

/** A column per state some region holds, in the order of the labels; a region without it shows 0. */
const stateColumns = (labels: Record<string, string>, rows: RegionRow[]): ColumnsType<RegionRow> =>
  Object.entries(labels)
    .filter(([code]) => rows.some((row) => code in row))
    .map(([code, label]) => ({ title: label, dataIndex: code, key: code, render: (value) => value ?? 0 }));

/** On a narrow screen: the region, its placed assets and its total; the other states in the row's detail. */
const REGION_COMPACT = ['regionName', 'PLACED', 'total'] as const;

const MONTH_COLUMNS: ColumnsType<MonthRow> = [
  { title: '月份', dataIndex: 'month', key: 'month' },
  { title: '投放冰柜数', dataIndex: 'freezers', key: 'freezers' },
  { title: '销量(箱)', dataIndex: 'cases', key: 'cases' },
  { title: '单柜月销', dataIndex: 'casesPerFreezer', key: 'casesPerFreezer' },
];

type ModelShown = Pick<Asset, 'assetNo' | 'assetType_dictText' | 'modelCode' | 'modelName'>;

/** 资产编号 and 型号, the first columns of both asset lists. */
const assetColumns = <T extends ModelShown>(): ColumnsType<T> => [
  { title: '资产编号', dataIndex: 'assetNo', key: 'assetNo' },
  {
    title: '型号',
    key: 'model',
    render: (_value, asset) => (
      <TwoLineCell main={asset.modelName} sub={`${asset.assetType_dictText} · ${asset.modelCode}`} />
    ),
  },
];

const IDLE_COLUMNS: ColumnsType<IdleAsset> = [
  ...assetColumns<IdleAsset>(),
  { title: '所在仓库', dataIndex: 'warehouseName', key: 'warehouseName', render: (value) => value ?? '—' },
  { title: '设备状态', dataIndex: 'conditionStatus_dictText', key: 'conditionStatus' },
  { title: '闲置起', dataIndex: 'idleSince', key: 'idleSince' },
  { title: '闲置天数', dataIndex: 'idleDays', key: 'idleDays' },
  {
    title: '资产价值',
    dataIndex: 'value',
    key: 'value',
    render: (value: string) => `¥${Number(value).toFixed(2)}`,
  },
];

/** The columns of the overdue-inspection list, which its export (server/modules/assets/reports.ts) names alike. */
const OVERDUE_COLUMNS: ColumnsType<Asset> = [
  ...assetColumns<Asset>(),
  { title: '门店', dataIndex: 'customerName', key: 'customerName', render: (value) => value ?? '—' },
  { title: '责任人', dataIndex: 'responsibleName', key: 'responsibleName', render: (value) => value ?? '—' },
  { title: '投放日期', dataIndex: 'placedAt', key: 'placedAt', render: (value) => value ?? '—' },
  {
    title: '最近巡检',
    dataIndex: 'lastInspectionAt',
    key: 'lastInspectionAt',
    render: (value) => value ?? '未巡检',
  },
];

export default function AssetReportPage() {
  const idle = useListPage<IdleAsset>({ filterKeys: ['assetType'], fetch: listIdleAssets });
  const assetType = idle.query.filters.assetType;
  // The ledger's overdue filter, of the chosen type; its query is the page's own (the URL is the idle list's).
  const overdue = useListPage<Asset>({
    source: 'local',
    filterKeys: [],
    fetch: listAssets,
    fixedParams: { overdueInspection: 'true', ...(assetType ? { assetType } : {}) },
  });
  const [report, setReport] = useState<AssetReport | null>(null);
  const compact = useCompact(REGION_COMPACT);
  useEffect(() => {
    void loadAssetReport({ assetType }).then((answer) => answer.success && setReport(answer.result));
  }, [assetType]);

  const regionColumns: ColumnsType<RegionRow> = [
    { title: '区域', dataIndex: 'regionName', key: 'regionName' },
    { title: '位置状态', children: stateColumns(PLACEMENT_STATUS, report?.byRegion ?? []) },
    { title: '设备状态', children: stateColumns(CONDITION_STATUS, report?.byRegion ?? []) },
    { title: '合计', dataIndex: 'total', key: 'total' },
  ];
  const region = compactLayout(regionColumns, compact ? REGION_COMPACT : undefined);

  return (
    <>
      <Space wrap align="center" style={{ marginBottom: 16 }}>
        <span>资产类型</span>
        <Segmented
          value={assetType ?? ''}
          options={TYPE_OPTIONS}
          onChange={(value) => idle.search({ assetType: value || undefined })}
        />
      </Space>
      {report && (
        <Row gutter={16}>
          <Col xs={24} lg={16}>
            <Card title="按区域" size="small">
              <div role="region" aria-label="按区域">
                <Table<RegionRow>
                  size="small"
                  rowKey="regionCode"
                  pagination={false}
                  dataSource={report.byRegion}
                  columns={region.columns}
                  expandable={region.expandable}
                />
              </div>
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card size="small">
              <Statistic
                title={`超过${report.overdueInspectionDays}天未巡检（已投放）`}
                value={report.overdueInspection}
                suffix="台"
              />
            </Card>
            <Card title="冰柜利用率（近6个月）" size="small" style={{ marginTop: 16 }}>
              <Table<MonthRow>
                size="small"
                rowKey="month"
                pagination={false}
                dataSource={report.utilisation}
                columns={MONTH_COLUMNS}
              />
            </Card>
          </Col>
        </Row>
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        闲置资产{report && `（在库超过${report.idleDays}天）`}
      </Typography.Title>
      <div role="region" aria-label="闲置资产">
        <ListPage<IdleAsset>
          list={idle}
          columns={IDLE_COLUMNS}
          compactColumns={['assetNo', 'conditionStatus', 'value']}
          exportAs={exportIdleAssets}
        />
      </div>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        逾期未巡检资产{report && `（已投放超过${report.overdueInspectionDays}天未巡检）`}
      </Typography.Title>
      <div role="region" aria-label="逾期未巡检资产">
        <ListPage<Asset>
          list={overdue}
          columns={OVERDUE_COLUMNS}
          compactColumns={['assetNo', 'customerName', 'lastInspectionAt']}
          exportAs={exportOverdueInspection}
        />
      </div>
    </>
  );
}
