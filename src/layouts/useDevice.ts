import { useEffect } from 'react';
import { BREAKPOINT_MOBILE_MAX, BREAKPOINT_TABLET_MAX } from '../../common/constants';
import { deviceChanged, type Device } from '../features/layout/slice';
import { useAppDispatch } from '../store/hooks';

const MOBILE_QUERY = `(max-width: ${BREAKPOINT_MOBILE_MAX}px)`;
const TABLET_QUERY = `(max-width: ${BREAKPOINT_TABLET_MAX}px)`;

function currentDevice(): Device {
  if (window.matchMedia(MOBILE_QUERY).matches) return 'mobile';
  return window.matchMedia(TABLET_QUERY).matches ? 'tablet' : 'desktop';
}

/** Keeps the layout's device (spec §9 breakpoints) in step with the window width. */
export function useDeviceWatcher(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const update = () => dispatch(deviceChanged(currentDevice()));
    update();
    const queries = [window.matchMedia(MOBILE_QUERY), window.matchMedia(TABLET_QUERY)];
    queries.forEach((query) => query.addEventListener('change', update));
    return () => queries.forEach((query) => query.removeEventListener('change', update));
  }, [dispatch]);
}
