// A warning where content should be (a page chunk that failed to load, a page not in this build, messages
// that could not be fetched): antd's Result with status "warning", drawn without it. antd's Result carries its
// 403/404/500 illustrations (about 10 KB gzip), which the shell every signed-in user downloads does without
// (issue #23); the 404 page, a chunk of its own, keeps it.
import type { CSSProperties, ReactNode } from 'react';
import { WarningFilled } from '@ant-design/icons';
import './WarningResult.css';

export function WarningResult({
  title,
  subTitle,
  extra,
  style,
}: {
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <div className="warning-result" style={style}>
      <WarningFilled className="warning-result-icon" />
      {title && <div className="warning-result-title">{title}</div>}
      {subTitle && <div className="warning-result-subtitle">{subTitle}</div>}
      {extra && <div className="warning-result-extra">{extra}</div>}
    </div>
  );
}
