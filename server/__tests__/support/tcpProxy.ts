// A TCP proxy between the app and PostgreSQL that a test can cut and restore, to play a database outage.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** `targetUrl` with its host and port replaced by the proxy's. */
  urlFor(targetUrl: string): string;
  /** Stops listening and destroys every open connection, as a crashed server or a cut network would. */
  close(): Promise<void>;
  /** Listens again on the same port. */
  reopen(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });

  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    urlFor: (targetUrl) => {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    close: stop,
    reopen: () => listen(port),
  };
}
