// antd's theme from the layout settings: the primary colour through the design tokens (no style
// compilation at run time) and colour-weak mode as a filter on the page. Reports each rendered colour
// so the theme saga knows when a change has applied.
import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectColorWeak, selectThemeColor } from './selectors';
import { themeRendered } from './slice';

/** ant-design-pro's colour-weak mode. */
const COLOR_WEAK_FILTER = 'invert(80%)';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const colorPrimary = useAppSelector(selectThemeColor);
  const weak = useAppSelector(selectColorWeak);

  useEffect(() => {
    dispatch(themeRendered(colorPrimary));
  }, [dispatch, colorPrimary]);

  useEffect(() => {
    document.documentElement.style.filter = weak ? COLOR_WEAK_FILTER : '';
  }, [weak]);

  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary } }}>
      {children}
    </ConfigProvider>
  );
}
