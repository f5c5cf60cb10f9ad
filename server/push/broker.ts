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

export interface PushBroker {
  publish(message: PushMessage): Promise<void>;
  /** Every published message, from any instance, arrives here once per instance. */
  onMessage(deliver: (message: PushMessage) => void): void;
  /** Resolves once messages published from now on will arrive. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

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

/** Two connections: a subscribed Redis connection can do nothing but listen. */
export function redisBroker({ url, channel, onError }: RedisBrokerOptions): PushBroker {
  const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  let deliver: (message: PushMessage) => void = () => undefined;
  const subscribed = subscriber.subscribe(channel);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const message: unknown = JSON.parse(text);
      if (isPushMessage(message)) deliver(message);
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
