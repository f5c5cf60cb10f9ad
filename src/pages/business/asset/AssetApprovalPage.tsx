// 资产审批 (/eAssetAppr, eAsset/AssetApproval): the 审批中心 of the asset business types (投放, 退还, 转移, 报废),
// and beside it the application history of the assets (the steps before and after each approval).
import { Tabs } from 'antd';
import type { ApprovalBizType } from '../../../../common/approvals';
import ApprovalCenterPage from '../../approval/ApprovalCenterPage';
import { ApplicationList } from './AssetApplicationListPage';

export const ASSET_APPROVAL_TYPES: readonly ApprovalBizType[] = [
  'ASSET_PLACE',
  'ASSET_RECALL',
  'ASSET_TRANSFER',
  'ASSET_SCRAP',
];

export default function AssetApprovalPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        {
          key: 'approvals',
          label: '资产审批',
          children: <ApprovalCenterPage bizTypes={ASSET_APPROVAL_TYPES} />,
        },
        { key: 'history', label: '申请记录', children: <ApplicationList /> },
      ]}
    />
  );
}
