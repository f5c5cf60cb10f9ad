// 品牌管理 / 品类管理: one list for both; the form checks its fields, a category shows its parent's name,
// a brand's logo is one uploaded image, and 停用 asks first.
import { screen, waitFor, within } from '@testing-library/react';
import * as filesApi from '../../../src/api/files';
import * as productsApi from '../../../src/api/products';
import BrandListPage from '../../../src/pages/business/product/BrandListPage';
import CategoryListPage from '../../../src/pages/business/product/CategoryListPage';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/products');
jest.mock('../../../src/api/files');
jest.setTimeout(60000);

const products = jest.mocked(productsApi);
const files = jest.mocked(filesApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const CODES = ['product:list', 'product:add', 'product:edit'];

const brand = { id: 'b1', code: 'HY', name: '华饮', status: 'ACTIVE', sort: 1, logoUrl: null };
const category = {
  id: 'c2',
  code: 'CSD-COLA',
  name: '可乐',
  status: 'DISABLED',
  sort: 2,
  parentId: 'c1',
  parentName: '碳酸饮料',
  level: 2,
};

beforeEach(() => {
  products.listBrands.mockResolvedValue(page([brand]));
  products.listCategories.mockResolvedValue(page([category]));
  files.isStoredImage.mockReturnValue(false);
});
afterEach(() => jest.clearAllMocks());

it('lists categories with their parent, and offers 启用 for a disabled one', async () => {
  await renderSystemPage(<CategoryListPage />, { path: '/eMaterial/category?status=DISABLED', codes: CODES });
  const row = (await screen.findByText('可乐')).closest('tr')!;
  expect(within(row).getByText('碳酸饮料')).toBeInTheDocument();
  expect(within(row).getByText('停用')).toBeInTheDocument();
  expect(buttonByText(/启\s*用/, row)).toBeInTheDocument();
  expect(products.listCategories).toHaveBeenCalledWith(
    expect.objectContaining({ status: 'DISABLED' }),
    expect.anything(),
  );
});

it('the brand form checks its fields, uploads the logo and keeps a refusal in the modal', async () => {
  const user = setupUser();
  products.saveBrand.mockResolvedValue(refused('品牌编码 HY 已存在', 409));
  files.uploadImage.mockResolvedValue(
    ok({
      id: 'f1',
      fileName: 'logo.png',
      url: '/sys/file/view/f1',
      thumbUrl: '/sys/file/thumbnail/f1',
      width: 1,
      height: 1,
    }),
  );
  await renderSystemPage(<BrandListPage />, { codes: CODES });
  await screen.findByText('华饮');
  await user.click(buttonByText('新增品牌'));
  const form = await findDialog('新增品牌');
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('请输入品牌编码!')).toBeInTheDocument();
  expect(within(form).getByText('请输入品牌名称!')).toBeInTheDocument();
  await user.type(within(form).getByPlaceholderText('请输入品牌编码'), 'HY');
  await user.type(within(form).getByPlaceholderText('请输入品牌名称'), '华饮二号');
  await user.upload(
    form.querySelector('input[type="file"]') as HTMLInputElement,
    new File(['png'], 'logo.png', { type: 'image/png' }),
  );
  expect(await within(form).findByAltText('品牌标志1')).toBeInTheDocument();
  // One logo: no further upload tile.
  expect(within(form).queryByRole('button', { name: '上传品牌标志' })).not.toBeInTheDocument();
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('品牌编码 HY 已存在')).toBeInTheDocument();
  expect(products.saveBrand).toHaveBeenCalledWith(
    expect.objectContaining({ code: 'HY', name: '华饮二号', logoUrl: '/sys/file/view/f1' }),
  );
});

it('停用 asks first and sends the brand with the new status', async () => {
  const user = setupUser();
  products.saveBrand.mockResolvedValue(ok({ id: 'b1' }, '编辑成功！'));
  await renderSystemPage(<BrandListPage />, { codes: CODES });
  const row = (await screen.findByText('华饮')).closest('tr')!;
  await user.click(buttonByText(/停\s*用/, row));
  const confirm = (
    await screen.findByText('确定停用品牌“华饮”吗？', { selector: '.ant-modal-title' })
  ).closest('.ant-modal') as HTMLElement;
  await user.click(buttonByText(/停\s*用/, confirm));
  await waitFor(() =>
    expect(products.saveBrand).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'b1', code: 'HY', name: '华饮', status: 'DISABLED' }),
    ),
  );
});

it('hides the commands without their codes', async () => {
  await renderSystemPage(<BrandListPage />, { codes: ['product:list'] });
  await screen.findByText('华饮');
  expect(screen.queryByText('新增品牌')).not.toBeInTheDocument();
  expect(screen.queryByText(/^编\s*辑$/)).not.toBeInTheDocument();
});
