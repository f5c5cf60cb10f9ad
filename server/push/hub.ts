// The push hub: the sockets this instance holds, by tenant and user, and the broker that brings every
// instance's pushes here. A user may hold several sockets (several tabs); each gets the push.
import type { WebSocket } from 'ws';
import type { PushFrame } from '../../common/push';
import type { PushBroker, PushMessage } from './broker';

export interface PushTarget {
  tenantId: string;
  /** Null: everyone of the tenant. */
  userIds: string[] | null;
}

export class PushHub {
  /** tenant → user → sockets. */
  private readonly sockets = new Map<string, Map<string, Set<WebSocket>>>();

  constructor(private readonly broker: PushBroker) {
    broker.onMessage((message) => this.deliver(message));
  }

  /** Sends a frame to its target, wherever the target's sockets are. */
  publish(target: PushTarget, frame: PushFrame): Promise<void> {
    return this.broker.publish({ ...target, frame });
  }

  attach(tenantId: string, userId: string, socket: WebSocket): void {
    const users = this.sockets.get(tenantId) ?? new Map<string, Set<WebSocket>>();
    this.sockets.set(tenantId, users);
    const own = users.get(userId) ?? new Set<WebSocket>();
    users.set(userId, own);
    own.add(socket);
    socket.once('close', () => {
      own.delete(socket);
      if (own.size === 0) users.delete(userId);
      if (users.size === 0) this.sockets.delete(tenantId);
    });
  }

  /** How many sockets this instance holds (for tests and the health of the hub). */
  get size(): number {
    let count = 0;
    for (const users of this.sockets.values()) for (const own of users.values()) count += own.size;
    return count;
  }

  ready(): Promise<void> {
    return this.broker.ready();
  }

  close(): Promise<void> {
    return this.broker.close();
  }

  private deliver({ tenantId, userIds, frame }: PushMessage): void {
    const users = this.sockets.get(tenantId);
    if (!users) return;
    const text = JSON.stringify(frame);
    const targets = userIds === null ? [...users.values()] : userIds.map((userId) => users.get(userId));
    for (const own of targets) {
      for (const socket of own ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(text);
      }
    }
  }
}
