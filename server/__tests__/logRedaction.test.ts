import { redactUrl } from '../http/logRedaction';
import { openTestDatabase, testBackends, type TestDatabase } from './support/database';
import { captureLogs, startTestServer, type TestServer } from './support/server';

describe('redacting secrets from logged URLs', () => {
  it('replaces the values of token-like query parameters, whatever their spelling, and keeps the rest', () => {
    expect(redactUrl('/api/sys/permission/getUserPermissionByToken?token=abc&_t=1')).toBe(
      '/api/sys/permission/getUserPermissionByToken?token=[REDACTED]&_t=1',
    );
    expect(redactUrl('/api/x?Access-Token=a&ticket=ST-1&code=c&auth_code=d&page=2')).toBe(
      '/api/x?Access-Token=[REDACTED]&ticket=[REDACTED]&code=[REDACTED]&auth_code=[REDACTED]&page=2',
    );
    expect(redactUrl('/api/x?%74oken=a')).toBe('/api/x?%74oken=[REDACTED]');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});

describe.each(testBackends())('request logs on %s', (backend) => {
  let testDatabase: TestDatabase;
  let server: TestServer;
  const logs = captureLogs();

  beforeAll(async () => {
    testDatabase = await openTestDatabase(backend);
    server = await startTestServer({
      database: testDatabase.database,
      logLevel: 'info',
      logStream: logs.logStream,
    });
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  it('never carry a token or a one-time code given in the URL', async () => {
    await fetch(`${server.baseUrl}/api/sys/permission/getUserPermissionByToken?token=SECRET-TOKEN-1`);
    await fetch(`${server.baseUrl}/api/sys/qywx/qrLogin?code=SECRET-CODE-2&corpid=x`);
    await fetch(`${server.baseUrl}/websocket/u1?token=SECRET-TOKEN-3`);
    const text = JSON.stringify(logs.lines());
    expect(text).toContain('getUserPermissionByToken?token=[REDACTED]');
    expect(text).not.toMatch(/SECRET-/);
  });
});
