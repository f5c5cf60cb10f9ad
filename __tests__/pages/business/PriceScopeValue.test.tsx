// The price-scope value pickers: a department is picked from the tree and kept as its org code; a customer
// is found by searching and kept as its id, and a loaded scope shows the customer's name, not the id.
import { screen, waitFor } from '@testing-library/react';
import * as customersApi from '../../../src/api/customers';
import * as departApi from '../../../src/api/systemDepart';
import { PriceScopeValue } from '../../../src/pages/business/product/PriceScopeValue';
import { ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/systemDepart');
jest.setTimeout(60000);

const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

it('ORG: the department tree, kept as the org code', async () => {
  const user = setupUser();
  jest.mocked(departApi).queryDepartTree.mockResolvedValue(
    ok([
      {
        id: 'd1',
        key: 'd1',
        value: 'd1',
        title: '华南大区',
        departName: '华南大区',
        orgCode: 'A01A02',
        children: [
          { id: 'd2', key: 'd2', value: 'd2', title: '广州办', departName: '广州办', orgCode: 'A01A02A01' },
        ],
      },
    ] as departApi.DepartTreeNode[]),
  );
  const onChange = jest.fn();
  await renderSystemPage(<PriceScopeValue scopeType="ORG" onChange={onChange} />);
  await user.click(screen.getByRole('combobox'));
  await user.click(await screen.findByTitle('广州办'));
  expect(onChange).toHaveBeenCalledWith('A01A02A01');
});

it('CUSTOMER: searched by name, kept as the id; a loaded value shows its name', async () => {
  const user = setupUser();
  const customers = jest.mocked(customersApi);
  customers.listCustomers.mockResolvedValue(
    page([{ id: 'c9', name: '天河便利店', customerCode: 'C0009' }] as customersApi.Customer[]),
  );
  const onChange = jest.fn();
  await renderSystemPage(
    <PriceScopeValue scopeType="CUSTOMER" value="c1" valueText="越秀批发部" onChange={onChange} />,
  );
  expect(screen.getByText('越秀批发部')).toBeInTheDocument();
  await user.type(screen.getByRole('combobox'), '天河');
  await waitFor(() =>
    expect(customers.listCustomers).toHaveBeenCalledWith({ keyword: '天河', pageSize: 20 }),
  );
  await user.click(await screen.findByTitle('天河便利店（C0009）'));
  expect(onChange).toHaveBeenCalledWith('c9', expect.anything());
});

it('LABEL: the tenant’s labels; REGION_CODE: chosen by name, the code kept', async () => {
  jest.mocked(customersApi).listLabels.mockResolvedValue(page([{ id: 'l1', name: '高潜力门店' }] as never));
  await renderSystemPage(<PriceScopeValue scopeType="LABEL" value="l1" />);
  expect(await screen.findByText('高潜力门店')).toBeInTheDocument();
  await renderSystemPage(<PriceScopeValue scopeType="REGION_CODE" value="440100" />);
  expect(await screen.findByTitle('广东省 / 广州市')).toBeInTheDocument();
});
