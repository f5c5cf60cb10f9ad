// The push hub of an app: Redis pub/sub when REDIS_URL is set (instances share pushes), else in-process.
import type { FastifyBaseLogger } from 'fastify';
import { inProcessBroker, redisBroker } from './broker';
import { PushHub } from './hub';

export { PushHub, type PushTarget } from './hub';
export { DEFAULT_PING_INTERVAL_MS, pushSocketRoutes } from './routes';

export interface PushConfig {
  redisUrl: string | undefined;
  /** The Redis channel the instances share. */
  pushChannel: string;
}

export function createPushHub(config: PushConfig, log: FastifyBaseLogger): PushHub {
  if (!config.redisUrl) return new PushHub(inProcessBroker());
  return new PushHub(
    redisBroker({
      url: config.redisUrl,
      channel: config.pushChannel,
      onError: (error) => log.warn({ err: error }, 'push broker (Redis) error'),
    }),
  );
}
