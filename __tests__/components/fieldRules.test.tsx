// The typed required rules: a rule without a type checks for a string, so a picker of several values (a checkbox
// group, a multiple select) failed "required" whatever was chosen — 拜访线路's 拜访日 and 拜访计划's 门店 could never
// be saved. requiredChoices passes once one value is chosen.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Checkbox, Form } from 'antd';
import { required, requiredChoices } from '../../src/components/form/fieldRules';

function Days({
  rule,
  onFinish,
}: {
  rule: ReturnType<typeof required>;
  onFinish: (values: unknown) => void;
}) {
  return (
    <Form onFinish={onFinish}>
      <Form.Item name="weekdays" label="拜访日" rules={[rule]}>
        <Checkbox.Group
          options={[
            { value: 1, label: '周一' },
            { value: 2, label: '周二' },
          ]}
        />
      </Form.Item>
      <Button htmlType="submit">保存</Button>
    </Form>
  );
}

it('requiredChoices names an empty checkbox group and passes once a day is chosen', async () => {
  const onFinish = jest.fn();
  render(<Days rule={requiredChoices('拜访日')} onFinish={onFinish} />);
  await userEvent.click(screen.getByRole('button', { name: '保 存' }));
  expect(await screen.findByText('请选择拜访日!')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('checkbox', { name: '周二' }));
  await userEvent.click(screen.getByRole('button', { name: '保 存' }));
  await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ weekdays: [2] }));
});

it('an untyped required rule refuses a chosen day: the reason a list of values takes requiredChoices', async () => {
  const onFinish = jest.fn();
  render(<Days rule={required('拜访日', '选择')} onFinish={onFinish} />);
  await userEvent.click(screen.getByRole('checkbox', { name: '周一' }));
  await userEvent.click(screen.getByRole('button', { name: '保 存' }));
  expect(await screen.findByText('请选择拜访日!')).toBeInTheDocument();
  expect(onFinish).not.toHaveBeenCalled();
});
