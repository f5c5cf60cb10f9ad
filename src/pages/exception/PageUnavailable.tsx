import { Result } from 'antd';

/** What a menu entry shows when its component is not part of this build: never a crash. */
export function PageUnavailable({ componentName }: { componentName: string }) {
  return (
    <Result status="warning" title="页面暂不可用" subTitle={`组件 ${componentName || '(未配置)'} 尚未提供`} />
  );
}
