// /test/home (spec §2): embeds the micro-frontend served by a local dev host, whose address is
// `microFrontendUrl` in public/site-config.json. The host is probed first so that a dev server that
// is not running gets a clear message instead of the browser's error page in the frame.
import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { loadSiteConfig } from '../landing/siteConfig';

type Probe =
  { state: 'checking' } | { state: 'reachable'; url: string } | { state: 'unreachable'; url: string | null };

export const MICRO_FRONTEND_TEXTS = {
  title: '微前端应用无法访问',
  unreachable: (url: string) => `开发服务 ${url} 未启动或无法连接，请先启动本地微前端开发服务后重试。`,
  noConfig: '未能读取站点配置 site-config.json 中的微前端地址。',
  retry: '重新检测',
} as const;

/** Resolves when something answers at the address (any status; opaque under no-cors), rejects when nothing does. */
async function probe(url: string): Promise<void> {
  await fetch(url, { mode: 'no-cors', cache: 'no-store' });
}

export default function MicroFrontendPage() {
  const [result, setResult] = useState<Probe>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadSiteConfig()
      .then(({ microFrontendUrl }) =>
        probe(microFrontendUrl).then(
          (): Probe => ({ state: 'reachable', url: microFrontendUrl }),
          (): Probe => ({ state: 'unreachable', url: microFrontendUrl }),
        ),
      )
      .catch((): Probe => ({ state: 'unreachable', url: null }))
      .then((next) => current && setResult(next));
    return () => {
      current = false;
    };
  }, [attempt]);

  if (result.state === 'checking')
    return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
  if (result.state === 'unreachable') {
    return (
      <Result
        status="warning"
        title={MICRO_FRONTEND_TEXTS.title}
        subTitle={result.url ? MICRO_FRONTEND_TEXTS.unreachable(result.url) : MICRO_FRONTEND_TEXTS.noConfig}
        extra={
          <Button
            type="primary"
            onClick={() => {
              setResult({ state: 'checking' });
              setAttempt((n) => n + 1);
            }}
          >
            {MICRO_FRONTEND_TEXTS.retry}
          </Button>
        }
      />
    );
  }
  return (
    <iframe
      title="微前端应用"
      src={result.url}
      style={{ display: 'block', width: '100%', height: 'calc(100vh - 120px)', border: 0 }}
    />
  );
}
