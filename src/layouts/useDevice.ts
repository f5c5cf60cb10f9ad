import { useEffect } from 'react';
import { BREAKPOINT_MOBILE_MAX, BREAKPOINT_TABLET_MAX } from '../../common/constants';
import { deviceChanged, type Device } from '../features/layout/slice';
import { useAppDispatch } from '../store/hooks';

const MOBILE_QUERY = `(max-width: ${BREAKPOINT_MOBILE_MAX}px)`;
const TABLET_QUERY = `(max-width: ${BREAKPOINT_TABLET_MAX}px)`;

/**
 * Narrower than any phone: a window that is not laid out, such as Chromium's while it captures a
 * full-page screenshot (1×1 px for a moment). It is no device.
 */
const NO_DEVICE_WIDTH = 200;

function currentDevice(): Device {
  if (window.matchMedia(MOBILE_QUERY).matches) return 'mobile';
  return window.matchMedia(TABLET_QUERY).matches ? 'tablet' : 'desktop';
}

/**
 * Keeps the layout's device (spec §9 breakpoints) in step with the window width. Another device is
 * another layout (no tabs on a phone), which mounts the page anew: its open dialog and what was typed
 * in it are lost, so a window of no real width keeps the device it had.
 */
export function useDeviceWatcher(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const update = () => {
      if (window.innerWidth >= NO_DEVICE_WIDTH) dispatch(deviceChanged(currentDevice()));
    };
    update();
    const queries = [window.matchMedia(MOBILE_QUERY), window.matchMedia(TABLET_QUERY)];
    queries.forEach((query) => query.addEventListener('change', update));
    return () => queries.forEach((query) => query.removeEventListener('change', update));
  }, [dispatch]);
}
