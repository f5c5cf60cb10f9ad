// 入库: a batch is received with its production date (sent as text), the case and bottle counts and the
// cost; the server's refusal stays in the modal.
import { screen, waitFor, within } from '@testing-library/react';
import * as productsApi from '../../../src/api/products';
import * as stockApi from '../../../src/api/stock';
import { StockInModal } from '../../../src/pages/business/stock/StockCommands';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/products');
jest.mock('../../../src/api/stock');
jest.setTimeout(60000);

const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

it('sends the batch with its production date as text, and keeps a refusal in the modal', async () => {
  const user = setupUser();
  const stock = jest.mocked(stockApi);
  stock.listWarehouses.mockResolvedValue(page([{ id: 'w1', name: '品牌中心仓' }] as stockApi.Warehouse[]));
  jest
    .mocked(productsApi)
    .listSkus.mockResolvedValue(
      page([
        { id: 's1', skuCode: 'SKU1', name: '冰红茶', saleUnit: '箱', baseUnit: '瓶' },
      ] as productsApi.Sku[]),
    );
  stock.stockIn.mockResolvedValue(refused('生产日期不能晚于今天'));
  await renderSystemPage(<StockInModal open onClose={() => undefined} onSaved={() => undefined} />);
  const form = await findDialog('入库');
  await user.click(within(form).getByText('请选择仓库'));
  await user.click(await screen.findByTitle('品牌中心仓'));
  await user.click(within(form).getByText('请选择商品'));
  await user.click(await screen.findByTitle('SKU1 冰红茶'));
  await user.type(within(form).getByPlaceholderText('如 20261101A'), 'B001');
  await user.click(within(form).getByPlaceholderText('请选择日期'));
  await user.keyboard('2026-01-05');
  await user.click(document.querySelector('td[title="2026-01-05"]')!);
  await user.type(within(form).getByLabelText('数量（箱）'), '10');
  await user.type(within(form).getByLabelText('数量（瓶）'), '3');
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('生产日期不能晚于今天')).toBeInTheDocument();
  await waitFor(() =>
    expect(stock.stockIn).toHaveBeenCalledWith(
      expect.objectContaining({
        warehouseId: 'w1',
        skuId: 's1',
        batchNo: 'B001',
        productionDate: '2026-01-05',
        cases: 10,
        units: 3,
        movementType: 'PURCHASE_IN',
      }),
    ),
  );
});
