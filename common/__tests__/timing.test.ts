import { debounce, throttle } from '../timing';

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('debounce', () => {
  it('calls once, 1000 ms after the last call, with the latest arguments', () => {
    const fn = jest.fn();
    const debounced = debounce(fn);
    debounced('a');
    jest.advanceTimersByTime(500);
    debounced('b');
    jest.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('b');
  });

  it('takes another wait', () => {
    const fn = jest.fn();
    const debounced = debounce(fn, 50);
    debounced();
    jest.advanceTimersByTime(49);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('drops the pending call on cancel', () => {
    const fn = jest.fn();
    const debounced = debounce(fn);
    debounced();
    debounced.cancel();
    jest.advanceTimersByTime(5000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('throttle', () => {
  it('calls at once, then once at the end of the 200 ms window with the latest arguments', () => {
    const fn = jest.fn();
    const throttled = throttle(fn);
    throttled(1);
    expect(fn).toHaveBeenCalledWith(1);
    jest.advanceTimersByTime(100);
    throttled(2);
    throttled(3);
    jest.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it('measures the next window from the trailing call', () => {
    const fn = jest.fn();
    const throttled = throttle(fn);
    throttled(1);
    jest.advanceTimersByTime(50);
    throttled(2); // trailing call at 200 ms
    jest.advanceTimersByTime(150);
    expect(fn).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(199);
    throttled(3); // 399 ms: still inside the window opened at 200 ms
    expect(fn).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it('calls at once again after a quiet window', () => {
    const fn = jest.fn();
    const throttled = throttle(fn);
    throttled(1);
    jest.advanceTimersByTime(200);
    throttled(2);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(2);
    jest.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('takes another wait', () => {
    const fn = jest.fn();
    const throttled = throttle(fn, 1000);
    throttled();
    throttled();
    jest.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops the trailing call on cancel', () => {
    const fn = jest.fn();
    const throttled = throttle(fn);
    throttled(1);
    throttled(2);
    throttled.cancel();
    jest.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
