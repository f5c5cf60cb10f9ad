// A local HTTP server standing in for the SMS provider: records what it receives, answers as a test says.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface ReceivedSms {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
}

/** How the gateway answers the next requests: a status and a body, or never (to play a stalled gateway). */
export type GatewayBehaviour = { status: number; body: string } | 'hang';

export interface FakeSmsGateway {
  url: string;
  received: ReceivedSms[];
  behave(behaviour: GatewayBehaviour): void;
  close(): Promise<void>;
}

export const GATEWAY_OK: GatewayBehaviour = { status: 200, body: '{"code":"OK","message":"OK"}' };

export async function startFakeSmsGateway(path = '/v1/sms/send'): Promise<FakeSmsGateway> {
  const received: ReceivedSms[] = [];
  let behaviour: GatewayBehaviour = GATEWAY_OK;
  const server = http.createServer((request, response) => {
    let rawBody = '';
    request.on('data', (chunk: Buffer) => (rawBody += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        rawBody,
      });
      if (behaviour === 'hang') return;
      response.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(behaviour.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    behave: (next) => {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on, to play a gateway that cannot be reached. */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
