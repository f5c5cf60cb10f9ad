import moment from '../../src/utils/moment';

it('formats dates in Chinese', () => {
  expect(moment.locale()).toBe('zh-cn');
  expect(moment('2024-01-01').format('dddd')).toBe('星期一');
  expect(moment('2024-03-05').format('LL')).toBe('2024年3月5日');
});
