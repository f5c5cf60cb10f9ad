// 变更记录: the records of one object, newest first, with their fields named and old → new; a new row shows
// its values; nothing logged says so.
import { render, screen, within } from '@testing-library/react';
import * as historyApi from '../../src/api/changeHistory';
import { ChangeHistory } from '../../src/components/history/ChangeHistory';
import { ok } from '../support/signIn';

jest.mock('../../src/api/changeHistory');
const api = jest.mocked(historyApi);

afterEach(() => jest.clearAllMocks());

it('shows each write with who, when and the fields it changed', async () => {
  api.changeHistory.mockResolvedValue(
    ok([
      {
        id: '2',
        operateType: 3,
        content: '编辑客户 C001 老王便利店',
        username: 'zhangwei',
        createdAt: '2026-11-20 10:00:00',
        changes: [
          { field: 'name', before: '老王小卖部', after: '老王便利店' },
          { field: 'contact_mobile', before: null, after: '13800000000' },
        ],
      },
      {
        id: '1',
        operateType: 2,
        content: '新增客户 C001 老王小卖部',
        username: null,
        createdAt: '2026-11-01 09:00:00',
        changes: [{ field: 'customer_code', before: null, after: 'C001' }],
      },
    ]),
  );
  render(<ChangeHistory bizType="CUSTOMER" bizId="c1" />);
  const timeline = await screen.findByLabelText('变更记录');
  expect(api.changeHistory).toHaveBeenCalledWith('CUSTOMER', 'c1');
  const [edit, add] = within(timeline)
    .getAllByRole('listitem')
    .filter((item) => item.querySelector('ul'));
  expect(edit).toHaveTextContent('编辑编辑客户 C001 老王便利店');
  expect(edit).toHaveTextContent('2026-11-20 10:00:00 · zhangwei');
  expect(edit).toHaveTextContent('名称：老王小卖部 → 老王便利店');
  expect(edit).toHaveTextContent('联系电话：（空） → 13800000000');
  expect(add).toHaveTextContent('新增新增客户 C001 老王小卖部');
  expect(add).toHaveTextContent('系统');
  expect(add).toHaveTextContent('客户编码：C001');
  expect(add).not.toHaveTextContent('→');
});

it('says when nothing was logged', async () => {
  api.changeHistory.mockResolvedValue(ok([]));
  render(<ChangeHistory bizType="SKU" bizId="s1" />);
  expect(await screen.findByText('暂无变更记录')).toBeInTheDocument();
});
