// Every page is its own chunk. A chunk that does not arrive within CHUNK_LOAD_TIMEOUT_MS fails
// like webpack's own chunk errors, and the failure is final: ChunkErrorBoundary offers a reload.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../common/constants';

/** Named like webpack's error so that one check recognises both. */
export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Loading chunk timed out after ${timeoutMs} ms`);
    this.name = 'ChunkLoadError';
  }
}

/** webpack's ChunkLoadError, mini-css-extract-plugin's 'Loading CSS chunk … failed', or our timeout. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'ChunkLoadError' || error.message.includes('Loading CSS chunk'))
  );
}

export type PageModule = { default: ComponentType };
export type LazyPage = LazyExoticComponent<ComponentType>;

export function lazyPage(load: () => Promise<PageModule>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): LazyPage {
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
        load()
          .then(resolve, reject)
          .finally(() => clearTimeout(timer));
      }),
  );
}
