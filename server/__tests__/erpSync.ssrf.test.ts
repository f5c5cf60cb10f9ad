// An ERP connection's address is the tenant's choice: in production the calls never reach this server's own
// network (loopback, private, link-local and metadata addresses, names resolving to them) unless the host is
// on ERP_ALLOWED_HOSTS, and the connection test never hands back what the other server answered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress, resolvePublicAddress } from '../integrations/publicOnlyAgent';
import { openBusinessTestbed, type BusinessTestbed } from './support/business';
import { testBackends } from './support/database';

const FOREIGN_BODY = 'FOREIGN-SECRET-BODY';

/** A server on 127.0.0.1 that is no ERP: it counts its requests and answers `status` with a telling body. */
async function startForeignServer(status: number) {
  let hits = 0;
  const server = http.createServer((_request, response) => {
    hits += 1;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ Message: FOREIGN_BODY, message: FOREIGN_BODY }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the public-only address check', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '121.40.1.1', '2001:4860::8888'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('checks what a name resolves to, and lets allowed hosts through', async () => {
    await expect(resolvePublicAddress('localhost', [])).rejects.toThrow('地址不允许');
    await expect(resolvePublicAddress('[::1]', [])).rejects.toThrow('地址不允许');
    await expect(resolvePublicAddress('LOCALHOST', ['localhost'])).resolves.toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});

describe.each(testBackends())('ERP connection addresses on %s', (backend) => {
  let production: BusinessTestbed;
  let development: BusinessTestbed;
  let notFound: Awaited<ReturnType<typeof startForeignServer>>;
  let unauthorised: Awaited<ReturnType<typeof startForeignServer>>;

  beforeAll(async () => {
    [production, development, notFound, unauthorised] = await Promise.all([
      openBusinessTestbed(backend, { production: true, erpAllowedHosts: ['erp.allowed.test'] }),
      openBusinessTestbed(backend),
      startForeignServer(404),
      startForeignServer(200),
    ]);
  });
  afterAll(async () => {
    await Promise.all([production.close(), development.close(), notFound.close(), unauthorised.close()]);
  });

  async function testedConnection(bed: BusinessTestbed, baseUrl: string) {
    const added = await bed.post<{ id: string }>('admin', '/eErpConfig/connection/add', {
      name: `外部 ${baseUrl}`.slice(0, 50),
      systemType: 'KINGDEE_K3CLOUD',
      baseUrl,
      acctId: 'ACCT',
      appId: 'app',
      appSecret: 'secret',
      userName: 'administrator',
      timeoutMs: 3000,
    });
    expect(added.body.success).toBe(true);
    const tested = await bed.post<{ success: boolean; message: string }>(
      'admin',
      '/eErpConfig/connection/test',
      {
        id: added.body.result!.id,
      },
    );
    expect(tested.status).toBe(200);
    return tested.body.result!;
  }

  it('refuses loopback, metadata and names resolving inside in production, without connecting', async () => {
    for (const baseUrl of [
      `http://127.0.0.1:${notFound.port}/k3cloud`,
      'http://169.254.169.254/latest',
      `http://localhost:${notFound.port}`,
      `http://[::1]:${notFound.port}`,
    ]) {
      expect(await testedConnection(production, baseUrl)).toEqual({
        success: false,
        message: '地址不允许：不能访问本机或内网地址',
        requeued: 0,
      });
    }
    expect(notFound.hits()).toBe(0);
  });

  it('answers a fixed message by kind, never the foreign body', async () => {
    const missing = await testedConnection(development, `http://127.0.0.1:${notFound.port}`);
    expect(missing).toMatchObject({ success: false, message: '连接失败：HTTP 404' });
    const refused = await testedConnection(development, `http://127.0.0.1:${unauthorised.port}`);
    expect(refused).toMatchObject({ success: false, message: '登录失败：请检查账套、应用、用户名和密钥' });
    const list = await development.get<unknown>('admin', '/eErpConfig/connection/list');
    expect(JSON.stringify([missing, refused, list.body])).not.toContain(FOREIGN_BODY);
  });
});
