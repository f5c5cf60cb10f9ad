// 库龄段配置: the ladder typed as upper bounds becomes contiguous buckets; a bound not above the previous
// one is refused in the form; the server's refusal stays in the modal.
import { screen, waitFor, within } from '@testing-library/react';
import * as stockApi from '../../../src/api/stock';
import { AgeBucketsModal, toBuckets } from '../../../src/pages/business/stock/AgeBucketsModal';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/stock');
jest.setTimeout(60000);

const stock = jest.mocked(stockApi);

it('turns the typed upper bounds into contiguous buckets, the last open-ended', () => {
  expect(
    toBuckets([
      { label: ' 新鲜 ', maxDays: 30, color: '#52c41a' },
      { label: '正常', maxDays: 90, color: '#fadb14' },
      { label: '呆滞', maxDays: 12, color: '#f5222d' },
    ]),
  ).toEqual([
    { code: 'D0_30', label: '新鲜', minDays: 0, maxDays: 30, color: '#52c41a' },
    { code: 'D31_90', label: '正常', minDays: 31, maxDays: 90, color: '#fadb14' },
    { code: 'D91_PLUS', label: '呆滞', minDays: 91, maxDays: null, color: '#f5222d' },
  ]);
});

it('loads the buckets, refuses a bound below the previous one, and saves the ladder', async () => {
  const user = setupUser();
  stock.ageBuckets.mockResolvedValue(
    ok([
      { code: 'D0_30', label: '0-30天', minDays: 0, maxDays: 30, color: '#52c41a' },
      { code: 'D31_PLUS', label: '30天以上', minDays: 31, maxDays: null, color: '#f5222d' },
    ]),
  );
  stock.saveAgeBuckets
    .mockResolvedValueOnce(refused('库龄段编码不能重复'))
    .mockResolvedValueOnce(ok(null, '保存成功！'));
  const onSaved = jest.fn();
  await renderSystemPage(<AgeBucketsModal open onClose={() => undefined} onSaved={onSaved} />);
  const modal = await findDialog('库龄段配置');
  await waitFor(() => expect(within(modal).getByLabelText('第1段上限')).toHaveValue('30'));
  expect(within(modal).getByLabelText('第2段上限')).toBeDisabled();

  await user.click(within(modal).getByText('插入一段（在最后一段之前）'));
  await user.type(within(modal).getByLabelText('第2段名称'), '31-20天');
  await user.type(within(modal).getByLabelText('第2段上限'), '20');
  await user.click(buttonByText(/保\s*存/, modal));
  expect(await within(modal).findByText('上限须大于上一段的上限')).toBeInTheDocument();
  expect(stock.saveAgeBuckets).not.toHaveBeenCalled();

  const bound = within(modal).getByLabelText('第2段上限');
  await user.clear(bound);
  await user.type(bound, '90');
  await user.click(buttonByText(/保\s*存/, modal));
  expect(await within(modal).findByText('库龄段编码不能重复')).toBeInTheDocument();
  expect(stock.saveAgeBuckets).toHaveBeenCalledWith([
    { code: 'D0_30', label: '0-30天', minDays: 0, maxDays: 30, color: '#52c41a' },
    { code: 'D31_90', label: '31-20天', minDays: 31, maxDays: 90, color: '#1677ff' },
    { code: 'D91_PLUS', label: '30天以上', minDays: 91, maxDays: null, color: '#f5222d' },
  ]);
  await user.click(buttonByText(/保\s*存/, modal));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(screen.queryByText('库龄段编码不能重复')).not.toBeInTheDocument();
});
