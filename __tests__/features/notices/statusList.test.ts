import { applyStatus, type StatusEntry } from '../../../src/features/notices/statusList';

const loading = (title: string): StatusEntry => ({ title, status: 'loading' });
const error = (title: string, message = '失败'): StatusEntry => ({ title, status: 'error', message });

describe('the status list of spec §4', () => {
  it("'error' replaces the 'loading' entry of its title, in its place", () => {
    const list = [loading('a'), loading('b'), loading('c')];
    expect(applyStatus(list, error('b'))).toEqual([loading('a'), error('b'), loading('c')]);
  });

  it("'error' without a loading entry is added, replacing an older error of the title", () => {
    expect(applyStatus([loading('a')], error('b'))).toEqual([loading('a'), error('b')]);
    expect(applyStatus([error('b', '旧')], error('b', '新'))).toEqual([error('b', '新')]);
  });

  it("'loading' removes the 'error' entry of its title and is listed once", () => {
    expect(applyStatus([error('a'), loading('b')], loading('a'))).toEqual([loading('b'), loading('a')]);
    expect(applyStatus([loading('a')], loading('a'))).toEqual([loading('a')]);
  });

  it("'success' or a delete flag removes the entry of its title, whatever its status", () => {
    const list = [loading('a'), error('b'), loading('c')];
    expect(applyStatus(list, { title: 'a', status: 'success' })).toEqual([error('b'), loading('c')]);
    expect(applyStatus(list, { title: 'b', status: 'loading', delete: true })).toEqual([
      loading('a'),
      loading('c'),
    ]);
    expect(applyStatus([], { title: 'x', status: 'success' })).toEqual([]);
  });

  it('never changes the list it is given', () => {
    const list = Object.freeze([loading('a')]) as StatusEntry[];
    applyStatus(list, error('a'));
    expect(list).toEqual([loading('a')]);
  });
});
