// 拜访步骤配置 on the 打卡规则 page: the templates with their steps in order (必做 marked), and a new template
// saved with its steps as ordered in the form — a step moved up goes first, a required one is sent as required.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as visitsApi from '../../../src/api/visits';
import { VisitStepTemplates } from '../../../src/pages/business/visit/VisitStepTemplates';
import { ok } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/visits');
jest.setTimeout(60000);

const visits = jest.mocked(visitsApi);

const template: visitsApi.StepTemplate = {
  id: 't1',
  name: '华东商超拜访步骤',
  orgCode: 'A01A01',
  orgName: '华东大区',
  channel: 'MT',
  channel_dictText: '现代(商超)',
  outletType: null,
  steps: [
    { stepType: 'DOOR_PHOTO', required: true, stepType_dictText: '门头照' },
    { stepType: 'PRICE_CHECK', required: false, stepType_dictText: '价格检查' },
  ],
  status: 'ACTIVE',
  status_dictText: '启用',
};

it('lists the templates with their steps and saves a new one with the steps in the order given', async () => {
  visits.listStepTemplates.mockResolvedValue(
    ok({ records: [template], total: 1, size: 200, current: 1, pages: 1 }),
  );
  visits.saveStepTemplate.mockResolvedValue(ok({ id: 't2' }));
  await renderSystemPage(<VisitStepTemplates orgs={[{ value: 'A01A02', title: '华南大区' }]} />, {
    codes: ['visitRule:edit'],
  });
  const row = (await screen.findByText('华东商超拜访步骤')).closest('tr')!;
  expect(within(row).getByText('1. 门头照（必做）')).toBeInTheDocument();
  expect(within(row).getByText('2. 价格检查')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: /新增步骤模板/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('模板名称'), '华南步骤');
  await userEvent.click(within(dialog).getByLabelText('适用部门'));
  await userEvent.click(await screen.findByTitle('华南大区'));
  // The default steps to start with: 门头照, 库存盘点, 陈列检查, 竞品采集; 陈列检查 moved first and made required.
  const third = within(dialog).getByRole('group', { name: '步骤 3' });
  await userEvent.click(within(third).getByRole('switch'));
  await userEvent.click(within(third).getByRole('button', { name: '上移' }));
  await userEvent.click(
    within(within(dialog).getByRole('group', { name: '步骤 2' })).getByRole('button', { name: '上移' }),
  );
  await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|保\s*存/ }));
  await screen.findByText('华东商超拜访步骤');
  expect(visits.saveStepTemplate).toHaveBeenCalledWith(
    expect.objectContaining({
      name: '华南步骤',
      orgCode: 'A01A02',
      channel: null,
      outletType: null,
      steps: [
        { stepType: 'DISPLAY_CHECK', required: true },
        { stepType: 'DOOR_PHOTO', required: false },
        { stepType: 'STOCK_CHECK', required: false },
        { stepType: 'COMPETITOR', required: false },
      ],
    }),
  );
});
