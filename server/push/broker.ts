// How a push reaches the instance that holds the user's socket: within the process, or through Redis
// pub/sub when several instances serve the same users (DESIGN "Scale").
import { Redis } from 'ioredis';
import type { PushFrame } from '../../common/push';

/** A push on its way: to one tenant's chosen users, or (userIds null) to everyone of that tenant. */
export interface PushMessage {
  tenantId: string;
  userIds: string[] | null;
  frame: PushFrame;
}

/** Messages of one kind between the instances (pushes; access changes, see auth/sessionCache.ts). */
export interface Broker<T> {
  publish(message: T): Promise<void>;
  /** Every published message, from any instance, arrives here once per instance. */
  onMessage(deliver: (message: T) => void): void;
  /** Resolves once messages published from now on will arrive. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export type PushBroker = Broker<PushMessage>;

export function inProcessBroker(): PushBroker {
  let deliver: (message: PushMessage) => void = () => undefined;
  return {
    publish: async (message) => deliver(message),
    onMessage: (handler) => {
      deliver = handler;
    },
    ready: async () => undefined,
    close: async () => undefined,
  };
}

export interface RedisBrokerOptions {
  url: string;
  /** The pub/sub channel; instances that serve the same users share it. */
  channel: string;
  onError(error: unknown): void;
}

function isPushMessage(value: unknown): value is PushMessage {
  const message = value as PushMessage | null;
  return (
    typeof message?.tenantId === 'string' &&
    (message.userIds === null || Array.isArray(message.userIds)) &&
    typeof message.frame?.cmd === 'string'
  );
}

export function redisBroker(options: RedisBrokerOptions): PushBroker {
  return redisChannel(options, isPushMessage);
}

/** Two connections: a subscribed Redis connection can do nothing but listen. */
export function redisChannel<T>(
  { url, channel, onError }: RedisBrokerOptions,
  isMessage: (value: unknown) => value is T,
): Broker<T> {
  const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  let deliver: (message: T) => void = () => undefined;
  const subscribed = subscriber.subscribe(channel);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const message: unknown = JSON.parse(text);
      if (isMessage(message)) deliver(message);
    } catch (error) {
      onError(error);
    }
  });
  return {
    publish: async (message) => {
      await publisher.publish(channel, JSON.stringify(message));
    },
    onMessage: (handler) => {
      deliver = handler;
    },
    ready: async () => {
      await subscribed;
    },
    close: async () => {
      await subscribed.catch(() => undefined);
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
