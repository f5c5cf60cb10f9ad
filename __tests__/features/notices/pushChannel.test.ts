import ReconnectingWebSocket from 'reconnecting-websocket';
import {
  createPushChannel,
  parseFrame,
  pushSocketUrl,
  type PushEvent,
} from '../../../src/features/notices/pushChannel';

jest.mock('reconnecting-websocket');

type Listener = (event: { data: unknown }) => void;

/** The socket the channel made: its listeners, and what was done to it. */
function lastSocket() {
  const Socket = ReconnectingWebSocket as jest.MockedClass<typeof ReconnectingWebSocket>;
  const instance = Socket.mock.instances[Socket.mock.instances.length - 1];
  const listeners = (instance.addEventListener as jest.Mock).mock.calls as Array<[string, Listener]>;
  return {
    args: Socket.mock.calls[Socket.mock.calls.length - 1],
    instance,
    emit: (type: string, data?: unknown) =>
      listeners.filter(([name]) => name === type).forEach(([, listener]) => listener({ data })),
  };
}

describe('the push channel', () => {
  it('opens a reconnecting socket on the user path with the token as subprotocol', () => {
    createPushChannel('ws://localhost/websocket/u1', 'tok-1');
    const [url, protocols, options] = lastSocket().args;
    expect(url).toBe('ws://localhost/websocket/u1');
    expect(protocols).toBe('tok-1');
    // Reconnects for ever (no retry limit), backing off to 10 s.
    expect(options).toEqual({ maxReconnectionDelay: 10_000 });
  });

  it('emits parsed frames and the connection changes, drops anything else, and keeps emitting across a reconnect', () => {
    const pushes = createPushChannel('ws://localhost/websocket/u1', 'tok-1');
    const socket = lastSocket();
    const received: PushEvent[] = [];
    const takeAll = () => pushes.take((event) => received.push(event as PushEvent));
    takeAll();
    socket.emit('open');
    takeAll();
    socket.emit('message', JSON.stringify({ cmd: 'topic', msgId: 'a1', msgTxt: '一' }));
    takeAll();
    socket.emit('message', 'not json');
    socket.emit('message', JSON.stringify({ hello: 1 }));
    socket.emit('close');
    takeAll();
    socket.emit('open');
    takeAll();
    socket.emit('message', JSON.stringify({ cmd: 'user', msgId: 'a2', msgTxt: '二' }));
    expect(received).toEqual([
      { connected: true },
      { frame: { cmd: 'topic', msgId: 'a1', msgTxt: '一' } },
      { connected: false },
      { connected: true },
      { frame: { cmd: 'user', msgId: 'a2', msgTxt: '二' } },
    ]);
    expect(socket.instance.close).not.toHaveBeenCalled();
  });

  it('closing the channel closes the socket for good', () => {
    const pushes = createPushChannel('ws://localhost/websocket/u1', 'tok-1');
    pushes.close();
    expect(lastSocket().instance.close).toHaveBeenCalled();
  });

  it('builds ws:// or wss:// on this host', () => {
    expect(pushSocketUrl('u 1', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/websocket/u%201',
    );
    expect(pushSocketUrl('u1', { protocol: 'https:', host: 'example.com' })).toBe(
      'wss://example.com/websocket/u1',
    );
  });

  it('parses frames only', () => {
    expect(parseFrame('{"cmd":"heartcheck","msgTxt":"心跳响应"}')).toEqual({
      cmd: 'heartcheck',
      msgTxt: '心跳响应',
    });
    expect(parseFrame('null')).toBeNull();
    expect(parseFrame(new Blob())).toBeNull();
  });
});
