// The assets at an outlet (the customer drawer): its 冰柜数 is the count of the freezers listed here.
import { useEffect, useState } from 'react';
import { Table, Tag } from 'antd';
import { listAssets, type Asset } from '../../../api/assets';
import { CONDITION_COLOR, PLACEMENT_COLOR } from './AssetDrawer';

export function OutletAssets({ customerId }: { customerId: string }) {
  const [assets, setAssets] = useState<Asset[] | null>(null);
  useEffect(() => {
    let current = true;
    listAssets({ customerId, pageSize: 100 })
      .then((answer) => current && setAssets(answer.success ? answer.result.records : []))
      .catch(() => current && setAssets([]));
    return () => {
      current = false;
    };
  }, [customerId]);
  return (
    <Table<Asset>
      size="small"
      rowKey="id"
      loading={assets === null}
      dataSource={assets ?? []}
      pagination={false}
      locale={{ emptyText: '该门店暂无投放资产' }}
      columns={[
        { title: '资产编号', dataIndex: 'assetNo' },
        { title: '型号', dataIndex: 'modelName' },
        {
          title: '状态',
          dataIndex: 'placementStatus',
          render: (_status: string, asset) => (
            <>
              <Tag color={PLACEMENT_COLOR[asset.placementStatus]}>{asset.placementStatus_dictText}</Tag>
              <Tag color={CONDITION_COLOR[asset.conditionStatus]}>{asset.conditionStatus_dictText}</Tag>
            </>
          ),
        },
        { title: '投放日期', dataIndex: 'placedAt' },
        { title: '最近巡检', dataIndex: 'lastInspectionAt', render: (at: string | null) => at ?? '未巡检' },
      ]}
    />
  );
}
