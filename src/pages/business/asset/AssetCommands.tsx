// The ledger's commands on one asset, each in a modal form: 发起投放, 申请退还, 申请转移, 申请报废 (each starts an
// approval in the 审批中心), 巡检 and 异常报备 (with photos). Which ones a row offers follows its states and the
// caller's buttons (assetActionsOf).
import { Form, Input, InputNumber, Radio, Switch } from 'antd';
import {
  CLEANLINESS,
  EXCEPTION_TYPE,
  PLACEABLE_LEVELS,
  RECALL_REASON,
  type RecallReason,
} from '../../../../common/assets';
import {
  applyPlacement,
  loadFreezerTemplates,
  applyRecall,
  applyScrap,
  applyTransfer,
  inspectAsset,
  reportAssetException,
  type Asset,
} from '../../../api/assets';
import { listCustomers } from '../../../api/customers';
import {
  EnumSelect,
  RemoteSelect,
  optionByName,
  type RemoteOption,
} from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { AssetPhotoField } from './AssetPhotoField';

export type AssetCommandKind = 'place' | 'recall' | 'transfer' | 'scrap' | 'inspect' | 'exception';

export interface AssetCommand {
  kind: AssetCommandKind;
  asset: Asset;
}

const TITLES: Record<AssetCommandKind, string> = {
  place: '发起投放',
  recall: '申请退还',
  transfer: '申请转移',
  scrap: '申请报废',
  inspect: '巡检',
  exception: '异常报备',
};

const USABLE = ['NORMAL', 'ABNORMAL'];

/** The commands a row offers: by its states (the server checks again) and the caller's buttons. */
export function assetCommandsOf(asset: Asset, can: (code: string) => boolean): AssetCommandKind[] {
  const kinds: AssetCommandKind[] = [];
  const usable = USABLE.includes(asset.conditionStatus);
  if (can('asset:apply')) {
    if (asset.placementStatus === 'IN_STOCK' && asset.conditionStatus === 'NORMAL') kinds.push('place');
    if (asset.placementStatus === 'PLACED' && usable) kinds.push('recall', 'transfer');
    if (asset.placementStatus === 'IN_STOCK' && usable) kinds.push('scrap');
  }
  if (can('asset:inspect')) {
    if (asset.placementStatus === 'PLACED' && usable) kinds.push('inspect');
    if (usable) kinds.push('exception');
  }
  return kinds;
}

export const assetCommandTitle = (kind: AssetCommandKind) => TITLES[kind];

const loadOutlets = (keyword?: string) =>
  listCustomers({
    pageSize: 50,
    customerType: 'OUTLET',
    status: 'ACTIVE',
    auditStatus: 'APPROVED',
    // The placement rule: only these levels may receive an asset (the server checks again).
    level: PLACEABLE_LEVELS.join(','),
    keyword,
  });
const outletOption = (outlet: {
  id: string;
  name: string;
  customerCode: string;
  level: string | null;
}): RemoteOption => ({
  value: outlet.id,
  label: `${outlet.name}（${outlet.customerCode}${outlet.level ? ` · ${outlet.level}级` : ''}）`,
});

function OutletField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} rules={[required(label, '选择')]}>
      <RemoteSelect
        load={loadOutlets}
        toOption={outletOption}
        remoteSearch
        placeholder="搜索门店名称、编码"
      />
    </Form.Item>
  );
}

type Values = Record<string, unknown>;

function submitOf(command: AssetCommand, values: Values) {
  const assetId = command.asset.id;
  const remark = (values.remark as string | undefined)?.trim() || undefined;
  switch (command.kind) {
    case 'place':
      return applyPlacement({
        assetId,
        customerId: values.customerId as string,
        freeDeposit: Boolean(values.freeDeposit),
        remark,
        templateId: (values.templateId as string | undefined) || null,
        termMonths: (values.termMonths as number | undefined) ?? undefined,
      });
    case 'recall':
      return applyRecall({
        assetId,
        reason: values.reason as RecallReason,
        refundDeposit: Boolean(values.refundDeposit),
        remark,
      });
    case 'transfer':
      return applyTransfer({ assetId, toCustomerId: values.toCustomerId as string, remark });
    case 'scrap':
      return applyScrap({ assetId, remark: remark ?? '' });
    case 'inspect':
      return inspectAsset({
        assetId,
        poweredOn: Boolean(values.poweredOn),
        temperature: (values.temperature as number | null | undefined) ?? null,
        cleanliness: values.cleanliness as string,
        reportedCondition: values.reportedCondition as string,
        photoIds: (values.photoIds as string[] | undefined) ?? [],
        remark,
      });
    case 'exception':
      return reportAssetException({
        assetId,
        reportType: values.reportType as string,
        photoIds: (values.photoIds as string[] | undefined) ?? [],
        remark,
      });
  }
}

const INITIAL: Record<AssetCommandKind, Values> = {
  place: { freeDeposit: false, termMonths: 12 },
  recall: { reason: 'LOW_SALES', refundDeposit: true },
  transfer: {},
  scrap: {},
  inspect: { poweredOn: true, cleanliness: 'GOOD', reportedCondition: 'NORMAL', photoIds: [] },
  exception: { reportType: 'DAMAGED', photoIds: [] },
};

export function AssetCommandModal({
  command,
  onClose,
  onDone,
}: {
  command: AssetCommand | null;
  onClose: () => void;
  onDone: () => void;
}) {
  if (!command) return null;
  const { kind, asset } = command;
  return (
    <ModalForm<Values>
      key={`${kind}-${asset.id}`}
      title={`${TITLES[kind]}：${asset.assetNo}`}
      open
      onClose={onClose}
      onSaved={onDone}
      initialValues={INITIAL[kind]}
      onSubmit={(values) => submitOf(command, values)}
    >
      <Form.Item label="资产">
        {asset.modelName}（{asset.placementStatus_dictText} · {asset.conditionStatus_dictText}）
        {asset.customerName ? ` @ ${asset.customerName}` : ''}
      </Form.Item>
      {kind === 'place' && (
        <>
          <OutletField name="customerId" label="投放门店" />
          <Form.Item name="freeDeposit" label="免押" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="templateId" label="投放协议" extra="按所选模板生成投放协议，门店签收时签署">
            <RemoteSelect
              load={loadFreezerTemplates}
              toOption={optionByName}
              placeholder="不生成协议"
              allowClear
            />
          </Form.Item>
          <Form.Item name="termMonths" label="协议期限(月)">
            <InputNumber min={1} max={120} />
          </Form.Item>
        </>
      )}
      {kind === 'recall' && (
        <>
          <Form.Item name="reason" label="退还原因" rules={[required('退还原因', '选择')]}>
            <EnumSelect labels={RECALL_REASON} allowClear={false} />
          </Form.Item>
          <Form.Item name="refundDeposit" label="退押金" valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
      {kind === 'transfer' && <OutletField name="toCustomerId" label="转入门店" />}
      {kind === 'inspect' && (
        <>
          <Form.Item name="poweredOn" label="通电" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="temperature" label="温度(℃)">
            <InputNumber min={-40} max={60} step={0.5} />
          </Form.Item>
          <Form.Item name="cleanliness" label="清洁度" rules={[required('清洁度', '选择')]}>
            <Radio.Group options={Object.entries(CLEANLINESS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="reportedCondition" label="设备状态">
            <Radio.Group
              options={[
                { value: 'NORMAL', label: '正常' },
                { value: 'ABNORMAL', label: '异常' },
              ]}
            />
          </Form.Item>
          <Form.Item name="photoIds" label="巡检照片">
            <AssetPhotoField kind="FREEZER_DISPLAY" assetId={asset.id} />
          </Form.Item>
        </>
      )}
      {kind === 'exception' && (
        <>
          <Form.Item name="reportType" label="异常类型" rules={[required('异常类型', '选择')]}>
            <EnumSelect labels={EXCEPTION_TYPE} allowClear={false} />
          </Form.Item>
          <Form.Item name="photoIds" label="现场照片">
            <AssetPhotoField kind="EXCEPTION" assetId={asset.id} />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="remark"
        label={kind === 'scrap' ? '报废原因' : '备注'}
        rules={kind === 'scrap' ? [required('报废原因')] : [{ max: 256, message: '最多256字!' }]}
      >
        <Input.TextArea rows={2} maxLength={256} />
      </Form.Item>
    </ModalForm>
  );
}
