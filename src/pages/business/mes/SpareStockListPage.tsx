// 备件库存 (mes/SpareStockList): stock per warehouse; a central row under the part's safety stock is
// highlighted, and the filter 低于安全库存 shows only those.
import { Form, Input, Select, Tag } from 'antd';
import { PART_CATEGORY, SPARE_WAREHOUSE_TYPE } from '../../../../common/repairs';
import { exportSpareStock, listSpareStock } from '../../../api/repairs';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { MesList } from './MesList';

type Stock = Record<string, unknown> & { id: string; belowSafety?: boolean };

export default function SpareStockListPage() {
  return (
    <MesList<Stock>
      fetch={listSpareStock}
      exportAs={exportSpareStock}
      filterKeys={['name', 'category', 'warehouseType', 'belowSafety']}
      searchFields={
        <>
          <Form.Item name="name" label="备件">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="category" label="类别">
            <EnumSelect labels={PART_CATEGORY} placeholder="全部" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="warehouseType" label="仓库类型">
            <EnumSelect labels={SPARE_WAREHOUSE_TYPE} placeholder="全部" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="belowSafety" label="库存预警">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 140 }}
              options={[{ value: 'true', label: '低于安全库存' }]}
            />
          </Form.Item>
        </>
      }
      compactColumns={['partName', 'qtyOnHand', 'stockValue']}
      columns={() => [
        { title: '仓库', dataIndex: 'warehouseName', key: 'warehouseName' },
        { title: '类型', dataIndex: 'warehouseType_dictText', key: 'warehouseType' },
        { title: '备件编码', dataIndex: 'partCode', key: 'partCode' },
        { title: '名称', dataIndex: 'partName', key: 'partName' },
        { title: '类别', dataIndex: 'category_dictText', key: 'category' },
        {
          title: '在库',
          dataIndex: 'qtyOnHand',
          key: 'qtyOnHand',
          render: (value, row) =>
            row.belowSafety ? (
              <Tag color="red">{`${String(value)}（安全库存 ${String(row.safetyStock)}）`}</Tag>
            ) : (
              String(value)
            ),
        },
        {
          title: '库存金额',
          dataIndex: 'stockValue',
          key: 'stockValue',
          render: (value) => `¥${String(value)}`,
        },
        { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime' },
      ]}
    />
  );
}
