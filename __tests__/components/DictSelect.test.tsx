// DictSelect against a fake API: 请选择 a placeholder and never an option, one request per dictionary code, no `_t`.
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { DictSelect } from '../../src/components/DictSelect';
import { forgetDictItems } from '../../src/components/dictCache';
import { fakeApi } from '../support/fakeApi';
import { setupUser } from '../support/signIn';
import { renderSystemPage } from '../support/systemPage';

const SEX = [
  { value: '1', text: '男', title: '男' },
  { value: '2', text: '女', title: '女' },
];

let api: ReturnType<typeof fakeApi>;
let baseURL: string;

beforeEach(async () => {
  forgetDictItems();
  api = fakeApi({
    'GET /sys/dict/getDictItems/sex': () => SEX,
    'GET /sys/dict/getDictItems/user_status': () => [{ value: '1', text: '正常', title: '正常' }],
  });
  baseURL = await api.start();
});

afterEach(() => api.stop());

const dictRequests = (code: string) =>
  api.requests.filter((request) => request.path === `/sys/dict/getDictItems/${code}`);

function Field({ onValue }: { onValue: (value: string | undefined) => void }) {
  const [value, setValue] = useState<string | undefined>('2');
  return (
    <DictSelect
      dictCode="sex"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

it('offers only the items, never its 请选择 placeholder; the clear button empties the value (issue #15)', async () => {
  const user = setupUser();
  const onValue = jest.fn();
  await renderSystemPage(<Field onValue={onValue} />, { baseURL });
  const select = await screen.findByRole('combobox');
  await waitFor(() => expect(screen.getByText('女')).toBeInTheDocument());
  await user.click(select);
  await screen.findByRole('listbox');
  const options = document.querySelectorAll('.ant-select-item-option-content');
  expect([...options].map((option) => option.textContent)).toEqual(['男', '女']);
  await user.click(screen.getByText('男', { selector: '.ant-select-item-option-content' }));
  expect(onValue).toHaveBeenLastCalledWith('1');
  // Emptied, the field shows its placeholder again; it is still not an option.
  await user.click(document.querySelector('.ant-select-clear') as HTMLElement);
  expect(onValue).toHaveBeenLastCalledWith(undefined);
  expect(await screen.findByText('请选择')).toHaveClass('ant-select-placeholder');
  await user.click(select);
  await waitFor(() =>
    expect(
      [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent),
    ).toEqual(['男', '女']),
  );
});

it('fetches each dictionary once for every field that uses it, without the _t cache-buster', async () => {
  await renderSystemPage(
    <>
      <DictSelect dictCode="sex" value="1" />
      <DictSelect dictCode="sex" type="radio" value="2" />
      <DictSelect dictCode="user_status" value="1" />
    </>,
    { baseURL },
  );
  expect(await screen.findByText('正常')).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByText('男').length).toBeGreaterThan(0));
  expect(dictRequests('sex')).toHaveLength(1);
  expect(dictRequests('user_status')).toHaveLength(1);
  expect(dictRequests('sex')[0].query.has('_t')).toBe(false);
  // The radio group has no empty option.
  expect(screen.getByRole('radio', { name: '女' })).toBeChecked();
  expect(screen.queryByRole('radio', { name: '请选择' })).not.toBeInTheDocument();
});

it('a failed load is not cached: the next field asks again', async () => {
  await api.stop();
  let calls = 0;
  api = fakeApi({
    'GET /sys/dict/getDictItems/sex': () => {
      calls += 1;
      if (calls === 1) throw new Error('数据库不可用');
      return SEX;
    },
  });
  baseURL = await api.start();
  await renderSystemPage(<DictSelect dictCode="sex" value="1" />, { baseURL });
  await waitFor(() => expect(calls).toBe(1));
  await renderSystemPage(<DictSelect dictCode="sex" value="1" />, { baseURL });
  expect(await screen.findByText('男')).toBeInTheDocument();
  expect(calls).toBe(2);
});
