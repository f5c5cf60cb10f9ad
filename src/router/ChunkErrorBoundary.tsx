import { Component, type ReactNode } from 'react';
import { Button } from 'antd';
import { WarningResult } from '../components/WarningResult';
import { reloadPage } from '../utils/browser';
import { isChunkLoadError } from './lazyPage';

interface State {
  error: unknown;
}

/** Shows a reload offer when a page's chunk fails to load; any other error goes to the next boundary. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return (
      <WarningResult
        title="页面资源加载失败"
        subTitle="请检查网络后重新加载"
        extra={
          <Button type="primary" onClick={reloadPage}>
            重新加载
          </Button>
        }
      />
    );
  }
}
