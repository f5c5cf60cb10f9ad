// 评分模板 editor (issue #17): 新建模板 with two items, one moved above the other, reaches the server as its input
// (items in the new order, only the parameters each rule uses); the form names what is missing, a total the items
// do not add up to, a pass score above the total and a repeated item code, and shows the server's refusal.
import { screen, waitFor, within } from '@testing-library/react';
import * as executionApi from '../../../src/api/execution';
import ExecutionTemplateListPage from '../../../src/pages/business/execution/ExecutionTemplateListPage';
import { buttonByText, findDialog, ok, refused, rowActionNames, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/execution');
jest.setTimeout(90000);

const api = jest.mocked(executionApi);
const CODES = ['executionTemplate:list', 'executionTemplate:edit'];

beforeEach(() => {
  api.listTemplates.mockResolvedValue(ok({ records: [], total: 0, size: 10, current: 1, pages: 1 }));
});
afterEach(() => jest.clearAllMocks());

type User = ReturnType<typeof setupUser>;

/** Picks `label` in the select named `name` inside `container`. */
async function choose(user: User, container: HTMLElement, name: string, label: string) {
  await user.click(within(container).getByLabelText(name));
  const open = await waitFor(() => {
    const dropdown = document.querySelector<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    );
    if (!dropdown) throw new Error('no open dropdown');
    return dropdown;
  });
  await user.click(within(open).getByText(label, { selector: '.ant-select-item-option-content' }));
  await waitFor(() =>
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeNull(),
  );
}

const item = (dialog: HTMLElement, index: number) =>
  within(dialog).getByRole('group', { name: `检查项 ${index}` });

async function openEditor(user: User) {
  await renderSystemPage(<ExecutionTemplateListPage />, { codes: CODES });
  await user.click(await screen.findByText('新建模板', { selector: 'button > span' }));
  return findDialog('新建评分模板');
}

it('creates a template with two items, the second moved first, as the server takes it', async () => {
  const user = setupUser();
  api.addTemplate.mockResolvedValue(ok({ id: 't9' }, '添加成功！'));
  const dialog = await openEditor(user);
  await user.type(within(dialog).getByPlaceholderText('如 EXE-STD'), 'EXE-T1');
  await user.type(within(dialog).getByPlaceholderText('如 标准门店执行'), '社区店执行');

  const first = item(dialog, 1);
  await user.type(within(first).getByLabelText('检查项编码'), 'PRICE');
  await user.type(within(first).getByLabelText('检查项名称'), '价签齐全');
  await choose(user, first, '分类', '价格');
  await user.click(within(first).getByText('一票否决'));
  await user.type(within(first).getByLabelText('分值'), '40');

  await user.click(buttonByText('添加检查项', dialog));
  const second = item(dialog, 2);
  await user.type(within(second).getByLabelText('检查项编码'), 'FACE4');
  await user.type(within(second).getByLabelText('检查项名称'), '排面数≥4');
  await choose(user, second, '分类', '陈列');
  await choose(user, second, '采集方式', '数值');
  await user.type(within(second).getByLabelText('分值'), '60');
  await choose(user, second, '计分方式', '每缺扣分');
  await user.type(await within(second).findByLabelText('达标数量'), '4');
  await user.type(within(second).getByLabelText('每缺扣分'), '15');
  expect(within(dialog).getByText('检查项分值合计 100 分')).toBeInTheDocument();

  await user.click(within(dialog).getByLabelText('上移检查项 2'));
  expect(within(item(dialog, 1)).getByLabelText('检查项编码')).toHaveValue('FACE4');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(api.addTemplate).toHaveBeenCalledTimes(1));
  expect(api.addTemplate).toHaveBeenCalledWith({
    code: 'EXE-T1',
    name: '社区店执行',
    channels: [],
    outletTypes: [],
    passScore: 80,
    coinRule: {
      tiers: [
        { minScore: 90, coins: 50 },
        { minScore: 80, coins: 30 },
      ],
      monthlyCap: 200,
    },
    validFrom: null,
    validTo: null,
    remark: null,
    items: [
      {
        code: 'FACE4',
        name: '排面数≥4',
        category: 'DISPLAY',
        inputType: 'NUMBER',
        aiDetectType: null,
        requirement: { min: 4, deductPerMiss: 15 },
        maxScore: 60,
        scoringRule: 'DEDUCT_PER_MISS',
        isVeto: false,
        photoRequired: false,
      },
      {
        code: 'PRICE',
        name: '价签齐全',
        category: 'PRICE',
        inputType: 'YES_NO',
        aiDetectType: null,
        requirement: {},
        maxScore: 40,
        scoringRule: 'ALL_OR_NOTHING',
        isVeto: true,
        photoRequired: false,
      },
    ],
  });
  await waitFor(() => expect(screen.queryByText('新建评分模板')).not.toBeInTheDocument());
  await waitFor(() => expect(api.listTemplates).toHaveBeenCalledTimes(2));
});

it('names what is missing, a total the items do not reach, a pass score above it, a repeated code; shows the server refusal', async () => {
  const user = setupUser();
  api.addTemplate.mockResolvedValue(refused('该模板编码已存在'));
  const dialog = await openEditor(user);
  await user.click(buttonByText(/保\s*存/, dialog));
  for (const message of [
    '请输入模板编码!',
    '请输入模板名称!',
    '请输入检查项编码!',
    '请输入检查项名称!',
    '请选择分类!',
    '请输入分值!',
  ])
    expect(await within(dialog).findByText(message)).toBeInTheDocument();

  await user.type(within(dialog).getByPlaceholderText('如 EXE-STD'), 'EXE-STD');
  await user.type(within(dialog).getByPlaceholderText('如 标准门店执行'), '标准门店执行');
  for (const [index, score] of [
    [1, '30'],
    [2, '20'],
  ] as const) {
    if (index === 2) await user.click(buttonByText('添加检查项', dialog));
    const row = item(dialog, index);
    await user.type(within(row).getByLabelText('检查项编码'), 'GOLD');
    await user.type(within(row).getByLabelText('检查项名称'), `黄金层陈列${index}`);
    await choose(user, row, '分类', '陈列');
    await user.type(within(row).getByLabelText('分值'), score);
  }
  const passScore = within(dialog).getByLabelText('及格分');
  await user.clear(passScore);
  await user.type(passScore, '120');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('检查项分值合计 50 分，应等于总分!')).toBeInTheDocument();
  expect(within(dialog).getByText('及格分不能高于总分!')).toBeInTheDocument();
  expect(within(dialog).getAllByText('检查项编码不能重复!')).toHaveLength(2);
  expect(api.addTemplate).not.toHaveBeenCalled();

  const total = within(dialog).getByLabelText('总分');
  await user.clear(total);
  await user.type(total, '50');
  await user.clear(passScore);
  await user.type(passScore, '40');
  const code = within(item(dialog, 2)).getByLabelText('检查项编码');
  await user.clear(code);
  await user.type(code, 'GOLD2');
  // The coin tiers (90 and 80 by default) are above the new total.
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findAllByText('档位分数不能高于总分!')).toHaveLength(2);
  await user.click(within(dialog).getByLabelText('删除第 2 档'));
  await user.click(within(dialog).getByLabelText('删除第 1 档'));
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('该模板编码已存在')).toBeInTheDocument();
  expect(api.addTemplate).toHaveBeenCalledTimes(1);
});

const row = (over: Partial<executionApi.ExecutionTemplate>): executionApi.ExecutionTemplate => ({
  id: 't1',
  code: 'EXE-STD',
  name: '标准门店执行',
  version: 2,
  totalScore: '100.00',
  passScore: '80.00',
  coinRule: { tiers: [{ minScore: 90, coins: 50 }], monthlyCap: 200 },
  status: 'ACTIVE',
  status_dictText: '生效中',
  itemCount: 1,
  updateTime: '2026-11-20 10:00:00',
  ...over,
});

const draft: executionApi.ExecutionTemplateDetail = {
  id: 't3',
  code: 'EXE-STD',
  name: '标准门店执行',
  version: 3,
  channels: ['TT'],
  outletTypes: [],
  totalScore: 100,
  passScore: 80,
  coinRule: { tiers: [{ minScore: 90, coins: 50 }], monthlyCap: 200 },
  validFrom: '2026-12-01',
  validTo: null,
  status: 'DRAFT',
  status_dictText: '草稿',
  remark: null,
  items: [
    {
      id: 'i1',
      seq: 1,
      code: 'FREEZER',
      name: '冰柜纯净度',
      category: 'FREEZER',
      category_dictText: '冰柜',
      inputType: 'PHOTO_AI',
      inputType_dictText: '拍照识别(人工评分)',
      aiDetectType: 'FREEZER',
      scoringRule: 'ALL_OR_NOTHING',
      scoringRule_dictText: '全有全无',
      requirement: {},
      maxScore: 100,
      isVeto: false,
      photoRequired: true,
    },
  ],
};

it('offers 编辑 and 启用 on a draft only; 新版本 of an active version opens its new draft in the editor, saved by 编辑', async () => {
  const user = setupUser();
  api.listTemplates.mockResolvedValue(
    ok({
      records: [
        row({}),
        row({ id: 't2', code: 'EXE-KA', name: 'KA卖场执行', status: 'DRAFT', status_dictText: '草稿' }),
      ],
      total: 2,
      size: 10,
      current: 1,
      pages: 1,
    }),
  );
  api.newTemplateVersion.mockResolvedValue(ok({ id: 't3' }, '已创建新版本'));
  api.templateById.mockResolvedValue(ok(draft));
  api.editTemplate.mockResolvedValue(ok({ id: 't3' }, '编辑成功！'));
  await renderSystemPage(<ExecutionTemplateListPage />, { codes: CODES });
  const active = (await screen.findByText('标准门店执行')).closest('tr') as HTMLElement;
  const ka = screen.getByText('KA卖场执行').closest('tr') as HTMLElement;
  expect(await rowActionNames(user, ka)).toEqual(['查看', '编辑', '启用']);
  expect(await rowActionNames(user, active)).toEqual(['查看', '新版本', '停用']);

  await user.click(buttonByText(/新\s*版\s*本/, active));
  const dialog = await findDialog('编辑评分模板');
  await waitFor(() => expect(within(dialog).getByPlaceholderText('如 EXE-STD')).toHaveValue('EXE-STD'));
  expect(within(dialog).getByPlaceholderText('如 EXE-STD')).toBeDisabled();
  expect(api.newTemplateVersion).toHaveBeenCalledWith('t1');
  const name = within(dialog).getByPlaceholderText('如 标准门店执行');
  await user.clear(name);
  await user.type(name, '标准门店执行2027');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(api.editTemplate).toHaveBeenCalledTimes(1));
  expect(api.editTemplate).toHaveBeenCalledWith(
    't3',
    expect.objectContaining({
      code: 'EXE-STD',
      name: '标准门店执行2027',
      channels: ['TT'],
      validFrom: '2026-12-01',
      validTo: null,
      items: [
        expect.objectContaining({
          code: 'FREEZER',
          inputType: 'PHOTO_AI',
          aiDetectType: 'FREEZER',
          requirement: {},
          photoRequired: true,
        }),
      ],
    }),
  );
});
