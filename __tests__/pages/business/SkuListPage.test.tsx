// 商品管理: the list reads its filters and sort from the URL, the form validates before saving, the
// status commands follow the state machine after a confirmation, and a refused import shows the
// server's row report.
import { screen, waitFor, within } from '@testing-library/react';
import * as historyApi from '../../../src/api/changeHistory';
import * as filesApi from '../../../src/api/files';
import * as productsApi from '../../../src/api/products';
import SkuListPage from '../../../src/pages/business/product/SkuListPage';
import {
  buttonByText,
  findDialog,
  ok,
  refused,
  rowActionNames,
  rowAction,
  setupUser,
} from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/products');
jest.mock('../../../src/api/files');
jest.mock('../../../src/api/changeHistory');
// The form tests type into a long modal: slow on a shared 2-core machine.
jest.setTimeout(60000);

const api = jest.mocked(productsApi);
const files = jest.mocked(filesApi);
const history = jest.mocked(historyApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const ALL_CODES = ['product:list', 'product:add', 'product:edit', 'product:status'];

const sku = (over: Partial<productsApi.Sku> = {}): productsApi.Sku => ({
  id: 's1',
  skuCode: 'HY-COLA-500',
  barcode: '6901234567892',
  caseBarcode: null,
  name: '华饮可乐 500ml',
  shortName: null,
  brandId: 'b1',
  brandName: '华饮',
  categoryId: 'c1',
  categoryName: '碳酸饮料',
  spec: '500ml*12',
  packageType: 'PET',
  packageType_dictText: '塑瓶',
  baseUnit: '瓶',
  saleUnit: '箱',
  unitsPerCase: 12,
  shelfLifeDays: 365,
  storageCondition: 'AMBIENT',
  taxRate: '0.13',
  suggestedRetailPrice: '3.50',
  lifecycleTag: 'CORE',
  imageUrls: [],
  status: 'ON_SALE',
  status_dictText: '在售',
  version: 1,
  createTime: '2026-01-01 10:00:00',
  ...over,
});

beforeEach(() => {
  api.listBrands.mockResolvedValue(page([{ id: 'b1', code: 'HY', name: '华饮', status: 'ACTIVE' }]));
  // Stored images come as blobs; jsdom has no object URLs, so each blob's URL names the path it came from.
  const pathOfBlob = new Map<Blob, string>();
  files.isStoredImage.mockReturnValue(true);
  files.fetchImage.mockImplementation(async (path) => {
    const blob = new Blob([path]);
    pathOfBlob.set(blob, path);
    return blob;
  });
  URL.createObjectURL = (blob) => `blob:${pathOfBlob.get(blob as Blob)}`;
  URL.revokeObjectURL = () => undefined;
  api.listCategories.mockResolvedValue(
    page([{ id: 'c1', code: 'CSD', name: '碳酸饮料', status: 'ACTIVE', parentId: null, level: 1 }]),
  );
});
afterEach(() => jest.clearAllMocks());

it('loads the page the URL names and shows units, shelf life and price', async () => {
  const user = setupUser();
  api.listSkus.mockResolvedValue(page([sku()]));
  await renderSystemPage(<SkuListPage />, {
    path: '/eMaterial/sku?status=ON_SALE&keyword=可乐&column=shelfLifeDays&order=desc',
    codes: ALL_CODES,
  });
  expect(await screen.findByText('华饮可乐 500ml')).toBeInTheDocument();
  expect(api.listSkus).toHaveBeenCalledWith(
    expect.objectContaining({ status: 'ON_SALE', keyword: '可乐', column: 'shelfLifeDays', order: 'desc' }),
    expect.anything(),
  );
  expect(screen.getByText('塑瓶')).toBeInTheDocument();
  expect(screen.getByText('1箱=12瓶')).toBeInTheDocument();
  expect(screen.getByText('365天')).toBeInTheDocument();
  expect(screen.getByText('¥3.50/瓶')).toBeInTheDocument();
  // ON_SALE offers 停售 and 淘汰, not 上架; beyond 详情 and 编辑 they are in the row's 更多.
  const row = screen.getByText('华饮可乐 500ml').closest('tr')!;
  expect(await rowActionNames(user, row)).toEqual(['详情', '编辑', '停售', '淘汰']);
});

it('hides every command without its permission code', async () => {
  api.listSkus.mockResolvedValue(page([sku()]));
  await renderSystemPage(<SkuListPage />, { codes: ['product:list'] });
  await screen.findByText('华饮可乐 500ml');
  expect(screen.queryByText('新增商品')).not.toBeInTheDocument();
  expect(screen.queryByText('导入')).not.toBeInTheDocument();
  expect(screen.queryByText(/^编\s*辑$/)).not.toBeInTheDocument();
  expect(screen.queryByText(/^停\s*售$/)).not.toBeInTheDocument();
  expect(buttonByText('导出')).toBeInTheDocument();
});

it('the form names what is missing or malformed and sends nothing until it is right', async () => {
  const user = setupUser();
  api.listSkus.mockResolvedValue(page([]));
  api.addSku.mockResolvedValue(ok({ id: 'new' }, '添加成功！'));
  await renderSystemPage(<SkuListPage />, { codes: ALL_CODES });
  await user.click(buttonByText('新增商品'));
  const dialog = await findDialog('新增商品');
  await user.type(within(dialog).getByPlaceholderText('请输入商品编码'), 'bad code!');
  await user.type(within(dialog).getByPlaceholderText('EAN-13/EAN-8'), '12345');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('商品编码只能是字母、数字、- 或 _，最多32位!')).toBeInTheDocument();
  expect(await within(dialog).findByText('条码应为 8 位或 13 位数字（EAN-8/EAN-13）!')).toBeInTheDocument();
  expect(await within(dialog).findByText('请输入商品名称!')).toBeInTheDocument();
  expect(await within(dialog).findByText('请选择品牌!')).toBeInTheDocument();
  expect(await within(dialog).findByText('请输入箱规!')).toBeInTheDocument();
  expect(api.addSku).not.toHaveBeenCalled();
});

it('a refused save keeps the modal and its values with the server’s message', async () => {
  const user = setupUser();
  api.listSkus.mockResolvedValue(page([sku()]));
  api.editSku.mockResolvedValue(refused('商品已被他人修改，请刷新后重试', 409));
  await renderSystemPage(<SkuListPage />, { codes: ALL_CODES });
  await screen.findByText('华饮可乐 500ml');
  await user.click(buttonByText(/编\s*辑/));
  const dialog = await findDialog('编辑商品');
  const name = within(dialog).getByPlaceholderText('请输入商品名称');
  await user.clear(name);
  await user.type(name, '华饮可乐 新装');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('商品已被他人修改，请刷新后重试')).toBeInTheDocument();
  expect(api.editSku).toHaveBeenCalledWith(
    expect.objectContaining({ id: 's1', version: 1, name: '华饮可乐 新装', unitsPerCase: 12 }),
  );
  expect(name).toHaveValue('华饮可乐 新装');
});

it('停售 asks first, then changes the status and reloads', async () => {
  const user = setupUser();
  api.listSkus.mockResolvedValue(page([sku()]));
  api.changeSkuStatus.mockResolvedValue(ok(null, '停售成功'));
  await renderSystemPage(<SkuListPage />, { codes: ALL_CODES });
  await rowAction(user, (await screen.findByText('华饮可乐 500ml')).closest('tr')!, '停售');
  const confirm = (
    await screen.findByText('确定停售商品“华饮可乐 500ml”吗？', { selector: '.ant-modal-title' })
  ).closest('.ant-modal') as HTMLElement;
  await user.click(buttonByText(/停\s*售/, confirm));
  await waitFor(() => expect(api.changeSkuStatus).toHaveBeenCalledWith('s1', 'SUSPENDED'));
  await waitFor(() => expect(api.listSkus).toHaveBeenCalledTimes(2));
});

it('a refused import lists every bad row and imports nothing', async () => {
  const user = setupUser();
  api.listSkus.mockResolvedValue(page([]));
  api.importSkus.mockImplementation(async (_file, onProgress) => {
    onProgress?.(100);
    return {
      ...refused('导入失败：1 行有误（共 1 处），未导入任何数据'),
      result: {
        totalRows: 2,
        failedRows: 1,
        errorCount: 1,
        errors: [{ rowNo: 3, column: '箱规*', value: 'abc', message: '箱规必须是正整数' }],
      },
    };
  });
  await renderSystemPage(<SkuListPage />, { codes: ALL_CODES });
  await user.click(buttonByText('导入'));
  const dialog = await findDialog('导入商品');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['x'], 'skus.xlsx'));
  expect(
    await within(dialog).findByText('导入失败：1 行有误（共 1 处），未导入任何数据'),
  ).toBeInTheDocument();
  expect(within(dialog).getByText('箱规必须是正整数')).toBeInTheDocument();
  expect(within(dialog).getByText('abc')).toBeInTheDocument();
  expect(api.listSkus).toHaveBeenCalledTimes(1);
});

it('shows the main image as a thumbnail read through the API, the full picture on click', async () => {
  const user = setupUser();
  api.listSkus.mockResolvedValue(page([sku({ imageUrls: ['/sys/file/view/f1', '/sys/file/view/f2'] })]));
  await renderSystemPage(<SkuListPage />, { codes: ALL_CODES });
  const thumbnail = await screen.findByAltText('华饮可乐 500ml');
  expect(thumbnail).toHaveAttribute('src', 'blob:/sys/file/thumbnail/f1');
  await user.click(screen.getByRole('button', { name: '查看图片 华饮可乐 500ml' }));
  const preview = await findDialog('华饮可乐 500ml');
  expect(await within(preview).findByAltText('华饮可乐 500ml')).toHaveAttribute(
    'src',
    'blob:/sys/file/view/f1',
  );
});

it('uploads images in the form, refuses a wrong type before sending, and saves the urls', async () => {
  const user = setupUser({ applyAccept: false });
  api.listSkus.mockResolvedValue(page([sku({ imageUrls: ['/sys/file/view/f1'] })]));
  api.editSku.mockResolvedValue(ok({ id: 's1' }, '编辑成功！'));
  files.uploadImage.mockImplementation(async (_file, onProgress) => {
    onProgress?.(100);
    return ok({
      id: 'f2',
      fileName: 'new.png',
      url: '/sys/file/view/f2',
      thumbUrl: '/sys/file/thumbnail/f2',
      width: 10,
      height: 10,
    });
  });
  await renderSystemPage(<SkuListPage />, { codes: ALL_CODES });
  await screen.findByText('华饮可乐 500ml');
  await user.click(buttonByText(/编\s*辑/));
  const dialog = await findDialog('编辑商品');
  // The upload control renews its input after each pick.
  const input = () => dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input(), new File(['text'], 'notes.txt', { type: 'text/plain' }));
  expect(await screen.findByText('只支持 JPG、PNG、WEBP 格式的图片')).toBeInTheDocument();
  expect(files.uploadImage).not.toHaveBeenCalled();

  await user.upload(input(), new File(['png'], 'new.png', { type: 'image/png' }));
  expect(await within(dialog).findByAltText('商品图片2')).toHaveAttribute(
    'src',
    'blob:/sys/file/thumbnail/f2',
  );
  await user.click(within(dialog).getByRole('button', { name: '删除商品图片1' }));
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(api.editSku).toHaveBeenCalledWith(
      expect.objectContaining({ imageUrls: ['/sys/file/view/f2'], lifecycleTag: 'CORE', taxRate: '0.13' }),
    ),
  );
});

it('详情 shows the SKU, its pictures in the photo viewer and its 变更记录', async () => {
  const user = setupUser();
  history.changeHistory.mockResolvedValue(
    ok([
      {
        id: 'h1',
        operateType: 3,
        content: '编辑商品 HY-COLA-500',
        username: 'admin',
        createdAt: '2026-11-20 10:00:00',
        changes: [{ field: 'name', before: '华饮可乐', after: '华饮可乐 500ml' }],
      },
    ]),
  );
  api.listSkus.mockResolvedValue(page([sku({ imageUrls: ['/sys/file/view/img1'] })]));
  await renderSystemPage(<SkuListPage />, { codes: ['product:list'] });
  const row = (await screen.findByText('华饮可乐 500ml')).closest('tr')!;
  await user.click(buttonByText(/详\s*情/, row));
  const drawer = (await screen.findByText('商品详情：华饮可乐 500ml（HY-COLA-500）')).closest(
    '.ant-drawer',
  ) as HTMLElement;
  expect(within(drawer).getByText('1箱 = 12瓶')).toBeInTheDocument();
  expect(within(drawer).getByText('13%')).toBeInTheDocument();
  expect(within(drawer).getByText('主推')).toBeInTheDocument();
  const main = await within(drawer).findByAltText('缩略图 主图');
  await waitFor(() => expect(main).toHaveAttribute('src', 'blob:/sys/file/thumbnail/img1'));
  expect(await within(drawer).findByLabelText('变更记录')).toHaveTextContent(
    '名称：华饮可乐 → 华饮可乐 500ml',
  );
  expect(history.changeHistory).toHaveBeenCalledWith('SKU', 's1');
});
