// The push socket `/websocket/{userId}` (API.md Part A "Push"): opened only with a valid token of that very
// user (the Sec-WebSocket-Protocol value, or ?token=), pinged by the server, and deaf to what clients say
// except the heartbeat text, which is answered to that socket alone. Nothing a client sends is relayed.
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NO_PERMISSION_MESSAGE, TOKEN_EXPIRED_MESSAGE } from '../../common/constants';
import { HEARTBEAT_ANSWER, HEARTBEAT_TEXT, PUSH_SOCKET_PATH } from '../../common/push';
import { NOT_LOGGED_IN_MESSAGE, type SessionResolver } from '../http/access';
import { sendFailure } from '../http/envelope';
import { NOT_FOUND_MESSAGE } from '../http/errors';
import type { PushHub } from './hub';

/** A ping every 30 s; a socket that has not answered the previous one by then is dropped. */
export const DEFAULT_PING_INTERVAL_MS = 30_000;
/** Close code (application range) when the socket's session has ended. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/** Close code when the server stops (RFC 6455 "going away"): the client reconnects to another instance. */
export const GOING_AWAY_CLOSE_CODE = 1001;
/** Clients send only the heartbeat: anything longer is refused by ws itself. */
const MAX_CLIENT_FRAME_BYTES = 1024;

export interface PushSocketOptions {
  hub: PushHub;
  resolveSession: SessionResolver;
  pingIntervalMs: number;
}

/** The token of an upgrade request: the first offered subprotocol (browsers cannot set headers), else ?token=. */
function socketTokenOf(request: FastifyRequest): string | undefined {
  const offered = request.headers['sec-websocket-protocol']?.split(',')[0]?.trim();
  if (offered) return offered;
  const { token } = request.query as { token?: unknown };
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export async function pushSocketRoutes(
  app: FastifyInstance,
  { hub, resolveSession, pingIntervalMs }: PushSocketOptions,
): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    // The plugin's own preClose closes the sockets without a code (1005): say the server is going away.
    preClose(this: FastifyInstance, done) {
      for (const client of this.websocketServer.clients)
        client.close(GOING_AWAY_CLOSE_CODE, 'server stopping');
      this.websocketServer.close();
      done();
    },
  });

  app.get<{ Params: { userId: string } }>(
    `${PUSH_SOCKET_PATH}/:userId`,
    {
      websocket: true,
      // Before the upgrade: a refused caller gets an HTTP answer, never a socket.
      preValidation: async (request, reply) => {
        // A plain GET is no socket: the path does not exist for it, like any unknown path.
        if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
          return sendFailure(reply, 404, NOT_FOUND_MESSAGE);
        }
        const token = socketTokenOf(request);
        if (token === undefined) return sendFailure(reply, 401, NOT_LOGGED_IN_MESSAGE);
        const session = await resolveSession(token);
        if (!session) return sendFailure(reply, 401, TOKEN_EXPIRED_MESSAGE);
        if (session.userId !== request.params.userId) return sendFailure(reply, 403, NO_PERMISSION_MESSAGE);
        request.session = session;
        return undefined;
      },
    },
    (socket, request) => {
      const { tenantId, userId } = request.session!;
      const token = socketTokenOf(request)!;
      hub.attach(tenantId, userId, socket);
      let answeredPing = true;
      socket.on('pong', () => {
        answeredPing = true;
      });
      const pinger = setInterval(async () => {
        if (!answeredPing) {
          socket.terminate();
          return;
        }
        // A session ended elsewhere (logout, password change, freeze) stops hearing pushes.
        const live = await resolveSession(token).catch(() => 'unknown' as const);
        if (socket.readyState !== socket.OPEN) return;
        if (!live) {
          socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
          return;
        }
        answeredPing = false;
        socket.ping();
      }, pingIntervalMs);
      socket.on('close', () => clearInterval(pinger));
      socket.on('message', (data, isBinary) => {
        if (!isBinary && data.toString() === HEARTBEAT_TEXT) socket.send(JSON.stringify(HEARTBEAT_ANSWER));
      });
    },
  );
}
