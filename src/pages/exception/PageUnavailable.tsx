import { WarningResult } from '../../components/WarningResult';

/** What a menu entry shows when its component is not part of this build: never a crash. */
export function PageUnavailable({ componentName }: { componentName: string }) {
  return <WarningResult title="页面暂不可用" subTitle={`组件 ${componentName || '(未配置)'} 尚未提供`} />;
}
