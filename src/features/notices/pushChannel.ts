// The push socket as a saga channel (spec §7 "Push", API.md Part A): reconnecting-websocket reopens it by
// itself after a drop; the token goes as the subprotocol, since a browser cannot set headers on a socket.
import ReconnectingWebSocket from 'reconnecting-websocket';
import { eventChannel, type EventChannel } from 'redux-saga';
import { PUSH_SOCKET_PATH, type PushFrame } from '../../../common/push';

/** A parsed frame; a text that is not a frame is dropped. */
export function parseFrame(text: unknown): PushFrame | null {
  if (typeof text !== 'string') return null;
  try {
    const frame = JSON.parse(text) as PushFrame | null;
    return frame && typeof frame.cmd === 'string' ? frame : null;
  } catch {
    return null;
  }
}

/** ws(s)://<this host>/websocket/<userId>; the dev server proxies it like /api. */
export function pushSocketUrl(
  userId: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${PUSH_SOCKET_PATH}/${encodeURIComponent(userId)}`;
}

/** What the socket tells: a frame, or that it has (re)connected or dropped. */
export type PushEvent = { frame: PushFrame } | { connected: boolean };

/** The socket's frames and connection changes; closing the channel closes the socket for good. */
export function createPushChannel(url: string, token: string): EventChannel<PushEvent> {
  return eventChannel<PushEvent>((emit) => {
    const socket = new ReconnectingWebSocket(url, token, { maxReconnectionDelay: 10_000 });
    socket.addEventListener('message', (event) => {
      const frame = parseFrame(event.data);
      if (frame) emit({ frame });
    });
    socket.addEventListener('open', () => emit({ connected: true }));
    socket.addEventListener('close', () => emit({ connected: false }));
    return () => socket.close();
  });
}
