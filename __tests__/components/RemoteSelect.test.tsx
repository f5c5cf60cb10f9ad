// RemoteSelect: options loaded once and filtered locally, or — with remoteSearch, or when the first page does not
// hold every row — searched on the server as the user types (after a pause, loading from the first key), the
// chosen option kept.
import { screen, waitFor } from '@testing-library/react';
import { RemoteSelect } from '../../src/components/form/EnumSelect';
import { ok, setupUser } from '../support/signIn';
import { renderSystemPage } from '../support/systemPage';

interface Row {
  id: string;
  name: string;
}
const page = (records: Row[]) => ok({ records, total: records.length, size: 50, current: 1, pages: 1 });
const option = (row: Row) => ({ value: row.id, label: row.name });

it('searches on the server with what was typed', async () => {
  const user = setupUser();
  const load = jest.fn((keyword?: string) =>
    Promise.resolve(
      page(keyword ? [{ id: 'c2', name: `${keyword}便利店` }] : [{ id: 'c1', name: '好邻居' }]),
    ),
  );
  await renderSystemPage(<RemoteSelect<Row> load={load} toOption={option} remoteSearch aria-label="客户" />);
  await waitFor(() => expect(load).toHaveBeenCalledWith(undefined));
  await user.click(screen.getByRole('combobox', { name: '客户' }));
  await user.keyboard('和顺');
  // Loading from the first key, during the pause too: the options shown are not the answer yet.
  expect(document.querySelector('.ant-select-loading')).not.toBeNull();
  expect(await screen.findByText('和顺便利店')).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith('和顺');
  await waitFor(() => expect(document.querySelector('.ant-select-loading')).toBeNull());
  // One search per pause, not per key.
  expect(load.mock.calls.filter(([keyword]) => keyword)).toHaveLength(1);
});

it('without remoteSearch loads once and filters the loaded options', async () => {
  const user = setupUser();
  const load = jest.fn(() =>
    Promise.resolve(
      page([
        { id: 'c1', name: '好邻居' },
        { id: 'c2', name: '和顺' },
      ]),
    ),
  );
  await renderSystemPage(<RemoteSelect<Row> load={load} toOption={option} aria-label="客户" />);
  await user.click(screen.getByRole('combobox', { name: '客户' }));
  await user.keyboard('和');
  expect(await screen.findByText('和顺')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('searches on the server anyway when the first page does not hold every row', async () => {
  const user = setupUser();
  const load = jest.fn((keyword?: string) =>
    Promise.resolve(
      keyword
        ? page([{ id: 'c51', name: '杭州嘉禾商贸有限公司' }])
        : ok({ records: [{ id: 'c1', name: '好邻居' }], total: 51, size: 1, current: 1, pages: 51 }),
    ),
  );
  await renderSystemPage(<RemoteSelect<Row> load={load} toOption={option} aria-label="客户" />);
  await waitFor(() => expect(load).toHaveBeenCalledWith(undefined));
  await user.click(screen.getByRole('combobox', { name: '客户' }));
  await user.keyboard('嘉禾');
  expect(await screen.findByText('杭州嘉禾商贸有限公司')).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith('嘉禾');
});
