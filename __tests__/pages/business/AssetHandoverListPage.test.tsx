// 资产交接: the list asks for its filters (tag and receiver searched in), 导出 sends the same; the receiver
// confirms or refuses (with a reason) a handover waiting for them, the one who started it may withdraw it, nobody
// acts on a closed one; 发起交接 (asset:apply) sends the chosen assets and receiver.
import { screen, waitFor, within } from '@testing-library/react';
import * as assetsApi from '../../../src/api/assets';
import { loggedIn } from '../../../src/features/session/slice';
import AssetHandoverListPage from '../../../src/pages/business/asset/AssetHandoverListPage';
import { buttonByText, findDialog, ok, rowActionNames, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/assets');
jest.setTimeout(60000);

const assets = jest.mocked(assetsApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const handover = (values: Partial<assetsApi.AssetHandover>): assetsApi.AssetHandover => ({
  id: 'h1',
  assetId: 'a1',
  assetNo: 'HY100001',
  modelName: '立式单门冷藏柜 400L',
  customerName: '老王便利店',
  fromUserId: 'u-zhao',
  fromUserName: '赵磊',
  toUserId: 'u-me',
  toUserName: '张伟',
  createdById: 'u-admin',
  createdByName: '管理员',
  status: 'HANDING',
  status_dictText: '交接中',
  remark: '片区调整',
  resultRemark: null,
  createTime: '2026-11-20 09:00:00',
  handledAt: null,
  ...values,
});
const toMe = handover({});
const byMe = handover({
  id: 'h2',
  assetNo: 'HY100002',
  toUserId: 'u-wang',
  toUserName: '王芳',
  createdById: 'u-me',
  createdByName: '张伟',
});
const closed = handover({
  id: 'h3',
  assetNo: 'HY100003',
  status: 'DONE',
  status_dictText: '已交接',
  handledAt: '2026-11-21 10:00:00',
});

const render = async (codes: string[]) => {
  const view = await renderSystemPage(<AssetHandoverListPage />, {
    path: '/eAsset/handover?assetNo=HY1&mine=true',
    codes,
  });
  const userInfo = { id: 'u-me', username: 'zhangwei', realname: '张伟' };
  view.store.dispatch(loggedIn({ token: 'tok-1', username: 'zhangwei', userInfo }));
  return view;
};
const rowOf = async (tag: string) => (await screen.findByText(tag)).closest('tr')!;

beforeEach(() => {
  assets.listHandovers.mockResolvedValue(page([toMe, byMe, closed]));
  assets.exportHandovers.mockResolvedValue(null);
});
afterEach(() => jest.clearAllMocks());

it('asks for its filters, exports them, and offers each row what the caller may do', async () => {
  const user = setupUser();
  await render(['asset:list']);
  await waitFor(() =>
    expect(assets.listHandovers).toHaveBeenLastCalledWith(
      expect.objectContaining({ assetNo: '*HY1*', mine: 'true' }),
    ),
  );
  expect(await rowActionNames(user, await rowOf('HY100001'))).toEqual(['资产', '确认接收', '驳回']);
  expect(await rowActionNames(user, await rowOf('HY100002'))).toEqual(['资产', '撤回']);
  expect(await rowActionNames(user, await rowOf('HY100003'))).toEqual(['资产']);
  expect(within(await rowOf('HY100001')).getByText('赵磊 → 张伟')).toBeInTheDocument();
  expect(screen.queryByText('发起交接')).not.toBeInTheDocument();

  await user.click(buttonByText(/导\s*出/));
  expect(assets.exportHandovers).toHaveBeenCalledWith(
    expect.objectContaining({ assetNo: '*HY1*', mine: 'true' }),
  );
});

it('confirms a handover to the caller and refuses one with its reason', async () => {
  const user = setupUser();
  assets.acceptHandover.mockResolvedValue(ok({ id: 'h1' }, '已确认交接！'));
  assets.rejectHandover.mockResolvedValue(ok({ id: 'h1' }, '已驳回交接！'));
  await render(['asset:list']);
  await user.click(buttonByText('确认接收', await rowOf('HY100001')));
  await user.click(buttonByText(/确\s*定/, document.querySelector<HTMLElement>('.ant-modal-confirm')!));
  await waitFor(() => expect(assets.acceptHandover).toHaveBeenCalledWith('h1'));

  await user.click(buttonByText(/驳\s*回/, await rowOf('HY100001')));
  const dialog = await findDialog('驳回资产 HY100001 的交接');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请输入驳回原因!')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox'), '资产不在我的片区');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(assets.rejectHandover).toHaveBeenCalledWith('h1', '资产不在我的片区'));
});

it('发起交接 sends the chosen assets to the chosen rep', async () => {
  const user = setupUser();
  assets.listAssets.mockResolvedValue(
    page([
      {
        id: 'a7',
        assetNo: 'HY100007',
        modelName: '立式单门冷藏柜 400L',
        customerName: '老王便利店',
      } as assetsApi.Asset,
    ]),
  );
  // The receivers come from the handover's own picker (asset:apply), not the user list (user:list).
  assets.handoverReceiverOptions.mockResolvedValue(ok([{ id: 'u-wang', realname: '王芳' }]));
  assets.startHandover.mockResolvedValue(ok({ ids: ['h9'] }, '已发起交接！'));
  await render(['asset:list', 'asset:apply']);
  await user.click(buttonByText('发起交接'));
  const dialog = await findDialog('发起交接');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请选择资产!')).toBeInTheDocument();
  expect(within(dialog).getByText('请选择接收人!')).toBeInTheDocument();
  const [assetBox, receiverBox] = within(dialog).getAllByRole('combobox');
  await user.click(assetBox);
  await user.click(
    await screen.findByText('HY100007 立式单门冷藏柜 400L · 老王便利店', {
      selector: '.ant-select-item-option-content',
    }),
  );
  await user.type(receiverBox, '王');
  await waitFor(() => expect(assets.handoverReceiverOptions).toHaveBeenLastCalledWith('王'));
  await user.click(await screen.findByText('王芳', { selector: '.ant-select-item-option-content' }));
  await user.type(within(dialog).getByPlaceholderText('如：片区调整、人员离职'), '人员离职');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(assets.startHandover).toHaveBeenCalledWith({
      assetIds: ['a7'],
      toUserId: 'u-wang',
      remark: '人员离职',
    }),
  );
});
