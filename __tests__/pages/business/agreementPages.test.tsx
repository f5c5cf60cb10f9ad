// 合作协议 and 协议模板: the 30天内到期 filter from the URL, each row's commands by its state and the caller's
// codes, 终止 asking for a reason, and a template's version diff with its removed and added lines.
import { screen, waitFor } from '@testing-library/react';
import type { CoopAgreementRecord, TemplateRecord } from '../../../common/agreements';
import * as agreementsApi from '../../../src/api/agreements';
import CoopAgreementListPage from '../../../src/pages/business/agreement/CoopAgreementListPage';
import { TemplateVersionsDrawer } from '../../../src/pages/business/agreement/TemplateVersionsDrawer';
import { buttonByText, findDialog, ok, rowAction, rowActionNames, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/agreements');
jest.setTimeout(60000);

const api = jest.mocked(agreementsApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const active: CoopAgreementRecord = {
  id: 'c1',
  agreementNo: 'CA202611010001',
  partyBCustomerId: 'd1',
  partyBName: '成都盛达商贸有限公司',
  partyBCode: 'D0001',
  cooperationType: 'DISTRIBUTION',
  cooperationType_dictText: '经销',
  startDate: '2026-01-01',
  endDate: '2026-12-20',
  annualTargetAmount: 1200000,
  annualTargetCases: null,
  depositAmount: 50000,
  achievedAmount: 300000,
  completionRate: 0.25,
  templateName: '经销商年度合作协议',
  templateVersion: 2,
  status: 'ACTIVE',
  status_dictText: '生效中',
  daysToEnd: 24,
  previousAgreementId: null,
  ownerName: '管理员',
  updateTime: '2026-11-01 10:00:00',
};
const draft: CoopAgreementRecord = {
  ...active,
  id: 'c2',
  agreementNo: 'CA202611010002',
  partyBName: '重庆鸿达商贸有限公司',
  status: 'DRAFT',
  status_dictText: '草稿',
  daysToEnd: 300,
};

beforeEach(() => {
  api.listCoopAgreements.mockResolvedValue(page([active, draft]));
  api.listTemplates.mockResolvedValue(page([] as TemplateRecord[]));
  api.terminateCoopAgreement.mockResolvedValue(ok({ status: 'TERMINATED' }, '已终止'));
});
afterEach(() => jest.clearAllMocks());

it('reads 30天内到期 from the URL and offers each row the commands its state and codes allow', async () => {
  const user = setupUser();
  await renderSystemPage(<CoopAgreementListPage />, {
    path: '/eCoopAgrt?expiringWithin30=true',
    codes: ['coopAgreement:list', 'coopAgreement:edit', 'coopAgreement:terminate'],
  });
  const activeRow = (await screen.findByText('成都盛达商贸有限公司')).closest('tr')!;
  expect(api.listCoopAgreements).toHaveBeenCalledWith(
    expect.objectContaining({ expiringWithin30: 'true' }),
    expect.anything(),
  );
  expect(screen.getByRole('checkbox', { name: '30天内到期' })).toBeChecked();
  expect(activeRow).toHaveTextContent('24 天后到期');
  expect(await rowActionNames(user, activeRow)).toEqual(['详情', '续签', '终止', '下载PDF']);
  const draftRow = screen.getByText('重庆鸿达商贸有限公司').closest('tr')!;
  expect(await rowActionNames(user, draftRow)).toEqual(['详情', '编辑', '提交', '下载PDF']);

  await rowAction(user, activeRow, '终止');
  const dialog = await findDialog('终止协议 CA202611010001');
  await user.click(buttonByText('保 存', dialog));
  expect(await screen.findByText('请输入终止原因!')).toBeInTheDocument();
  expect(api.terminateCoopAgreement).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('终止原因'), '乙方窜货');
  await user.click(buttonByText('保 存', dialog));
  await waitFor(() => expect(api.terminateCoopAgreement).toHaveBeenCalledWith('c1', '乙方窜货'));
});

it('shows no commands but 详情 and 下载PDF without their codes', async () => {
  const user = setupUser();
  await renderSystemPage(<CoopAgreementListPage />, { path: '/eCoopAgrt', codes: ['coopAgreement:list'] });
  const row = (await screen.findByText('重庆鸿达商贸有限公司')).closest('tr')!;
  expect(await rowActionNames(user, row)).toEqual(['详情', '下载PDF']);
  expect(screen.queryByText('新建合作协议')).not.toBeInTheDocument();
});

it('diffs the two latest versions of a template', async () => {
  api.templateVersions.mockResolvedValue(
    ok([
      {
        id: 'v2',
        templateId: 't1',
        version: 2,
        bodyHtml: '<p>新条款</p>',
        variableSchema: [],
        publishedAt: '2026-11-02 10:00:00',
        publishedByName: '管理员',
      },
      {
        id: 'v1',
        templateId: 't1',
        version: 1,
        bodyHtml: '<p>旧条款</p>',
        variableSchema: [],
        publishedAt: '2026-10-02 10:00:00',
        publishedByName: '管理员',
      },
    ]),
  );
  api.diffTemplateVersions.mockResolvedValue(
    ok([
      { kind: 'same', text: '第一条 合作内容' },
      { kind: 'removed', text: '旧条款' },
      { kind: 'added', text: '新条款' },
    ]),
  );
  await renderSystemPage(
    <TemplateVersionsDrawer
      template={{ id: 't1', name: '经销商年度合作协议' } as TemplateRecord}
      onClose={() => {}}
    />,
    { path: '/eAgrtTmpl', codes: ['agreementTemplate:list'] },
  );
  expect(await screen.findByText('− 旧条款')).toBeInTheDocument();
  expect(screen.getByText('+ 新条款')).toBeInTheDocument();
  expect(api.diffTemplateVersions).toHaveBeenCalledWith('t1', 1, 2);
});
