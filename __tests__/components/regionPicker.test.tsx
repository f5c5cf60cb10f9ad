// Regions by name over the GB/T 2260 data: municipalities get the city level the stored codes have, paths and
// names are found by code, and a form's province/city/district code fields are filled from one cascader.
import { render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { regionsOf } from '../../common/regions';
import { loadRegions } from '../../src/components/region/regions';
import { RegionFields, RegionName, RegionNames, regionText } from '../../src/components/region/RegionPicker';
import { setupUser } from '../support/signIn';
import { chooseRegion } from '../support/regions';

describe('regionsOf', () => {
  const regions = regionsOf([
    {
      c: '310000',
      n: '上海市',
      d: [
        { c: '310101', n: '黄浦区' },
        { c: '310115', n: '浦东新区' },
      ],
    },
    {
      c: '500000',
      n: '重庆市',
      d: [
        { c: '500101', n: '万州区' },
        { c: '500229', n: '城口县' },
      ],
    },
    { c: '440000', n: '广东省', d: [{ c: '440100', n: '广州市', d: [{ c: '440106', n: '天河区' }] }] },
  ]);

  it("gives a municipality the city of its districts' first four digits, named after it", () => {
    expect(regions.pathOf('310115')).toEqual(['310000', '310100', '310115']);
    expect(regions.nameOf('310100')).toBe('上海市');
    expect(regions.pathOf('500229')).toEqual(['500000', '500200', '500229']);
    expect(regions.nameOf('500200')).toBe('重庆市（县）');
  });

  it("keeps a province's own cities and districts", () => {
    expect(regions.pathOf('440106')).toEqual(['440000', '440100', '440106']);
    expect(regions.pathOf('999999')).toEqual([]);
    expect(regions.nameOf('999999')).toBeUndefined();
  });

  it('shows a stored path by name, a municipality once, and an unknown code as it is', () => {
    expect(regionText(regions, ['310000', '310100', '310115'])).toBe('上海市 / 浦东新区');
    expect(regionText(regions, ['440000', '440100', null])).toBe('广东省 / 广州市');
    expect(regionText(regions, ['440000', '123456'])).toBe('广东省 / 123456');
    expect(regionText(null, ['440000'])).toBe('440000');
    expect(regionText(regions, [null, undefined])).toBe('—');
  });
});

it('the package data holds every province, with 上海 and 深圳 where the demo data expects them', async () => {
  const regions = await loadRegions();
  expect(regions.tree.length).toBeGreaterThanOrEqual(31);
  expect(regions.pathOf('310115')).toEqual(['310000', '310100', '310115']);
  expect(regions.pathOf('440305')).toEqual(['440000', '440300', '440305']);
  expect(regions.nameOf('440305')).toBe('南山区');
});

it('fills the province, city and district code fields from names chosen in one cascader', async () => {
  const user = setupUser({ delay: null });
  const submitted = jest.fn();
  render(
    <Form
      onFinish={submitted}
      initialValues={{ provinceCode: '310000', cityCode: '310100', districtCode: null }}
    >
      <RegionFields names={['provinceCode', 'cityCode', 'districtCode']} label="所在地区" />
      <Button htmlType="submit">提交</Button>
    </Form>,
  );
  // The stored codes show by name.
  await screen.findByTitle('上海市 / 上海市');
  await chooseRegion(
    user,
    screen.getByRole('combobox', { name: '所在地区' }),
    '南山',
    '广东省 / 深圳市 / 南山区',
  );
  await user.click(screen.getByRole('button', { name: /提\s*交/ }));
  await waitFor(() =>
    expect(submitted).toHaveBeenCalledWith({
      provinceCode: '440000',
      cityCode: '440300',
      districtCode: '440305',
    }),
  );
});

it('names a stored path once the data is there', async () => {
  render(<RegionName codes={['440000', '440300', '440305']} />);
  await screen.findByText('广东省 / 深圳市 / 南山区');
});

it('names a list of codes of any level, each by its path', async () => {
  render(<RegionNames codes={['440100', '310000']} />);
  await screen.findByText('广东省 / 广州市、上海市');
});
