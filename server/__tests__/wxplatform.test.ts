// Mini-program administration (issue #22) on both back ends, against the WeChat simulator over real HTTP:
// a mini-program authorised to the third-party platform through the authorisation page; versions through
// the release state machine (upload, audit rejected then passed, release, a second release superseding the
// first, rollback), refused out of turn with 409, one winner of concurrent moves; forged or replayed codes
// refused; tenants see and move only their own. Refusals are read from the envelope's code (a business
// refusal is answered with HTTP 200, a malformed request with 400). /wxapi: code to session, the phone number decrypted with the
// session key signs the outlet in and remembers the openid; forged phone data refused.
import { randomBytes } from 'node:crypto';
import { encryptUserData } from '../integrations/wxplatform/userData';
import { testBackends } from './support/database';
import { FORBIDDEN, ok, openBusinessTestbed, type BusinessTestbed } from './support/business';
import { apiClient } from './support/auth';

interface Version {
  id: string;
  userVersion: string;
  status: string;
  auditReason: string | null;
  actions: { submit: boolean; refresh: boolean; release: boolean; rollback: boolean };
}
interface Program {
  kind: string;
  id: string | null;
  appId: string | null;
  status: string | null;
  versions: Version[];
}

const APP_ID = `wxtest${randomBytes(5).toString('hex')}`;

describe.each(testBackends())('wxplatform and wxapi on %s', (backend) => {
  let bed: BusinessTestbed;
  let programId: string;
  const sim = async <T>(path: string, body: unknown) => {
    const response = await fetch(`${bed.server.baseUrl}/sim/wxplatform${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as T;
  };
  const admin = <T>(path: string, body: unknown) => ok(bed.post<T>('admin', path, body));
  const programs = async () => ok(bed.get<Program[]>('admin', '/wxplatform/list'));
  const mall = async () => (await programs()).find((program) => program.kind === 'MINI_MALL')!;
  const versionOf = async (userVersion: string) =>
    (await mall()).versions.find((version) => version.userVersion === userVersion)!;
  /** The administrator's visit to the authorisation page: the auth_code WeChat redirects back with. */
  const authorise = async (appId: string) => {
    const { url } = await admin<{ url: string }>('/wxplatform/authorize/url', {
      redirectUri: 'http://localhost/payment/wxplatform?kind=MINI_MALL',
    });
    const page = await fetch(`${bed.server.baseUrl}${url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('确认授权');
    const preAuthCode = new URL(url, 'http://x').searchParams.get('pre_auth_code');
    const redirect = await fetch(`${bed.server.baseUrl}/sim/wxplatform/sim/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        preAuthCode,
        appId,
        redirectUri: 'http://localhost/payment/wxplatform?kind=MINI_MALL',
      }),
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    return new URL(redirect.headers.get('location')!).searchParams.get('auth_code')!;
  };
  const commit = (userVersion: string, extra: Record<string, unknown> = {}) =>
    bed.post<{ id: string }>('admin', '/wxplatform/version/commit', {
      programId,
      templateId: '12',
      userVersion,
      userDesc: `版本 ${userVersion}`,
      ...extra,
    });
  const command = (name: string, id: string) =>
    bed.post<{ status: string }>('admin', `/wxplatform/version/${name}`, { id });
  const review = async (id: string, result: 'pass' | 'fail', reason?: string) => {
    const version = await bed.testDatabase.database.db
      .selectFrom('wx_mini_versions')
      .select('audit_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await sim('/sim/review', { auditid: version.audit_id, result, reason })).toMatchObject({
      errcode: 0,
    });
  };
  /** Upload, audit passed, released. */
  const released = async (userVersion: string) => {
    const { id } = await ok(commit(userVersion));
    await ok(command('submit', id));
    await review(id, 'pass');
    await ok(command('refreshAudit', id));
    await ok(command('release', id));
    return id;
  };

  // Seeding takes a while on a busy machine.
  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
  }, 900_000);
  afterAll(() => bed?.close());

  it('authorises a mini-program through the platform; a forged or replayed auth_code is refused', async () => {
    expect((await mall()).id).toBeNull();
    const authCode = await authorise(APP_ID);
    const done = await admin<{ id: string; appId: string }>('/wxplatform/authorize/complete', {
      kind: 'MINI_MALL',
      authCode,
    });
    expect(done.appId).toBe(APP_ID);
    programId = done.id;
    expect(await mall()).toMatchObject({ id: programId, appId: APP_ID, status: 'AUTHORIZED', versions: [] });
    // The refresh token is kept encrypted.
    const row = await bed.testDatabase.database.db
      .selectFrom('wx_mini_programs')
      .select('refresh_token_enc')
      .where('id', '=', programId)
      .executeTakeFirstOrThrow();
    expect(row.refresh_token_enc).toMatch(/^v1:/);

    for (const forged of [authCode, 'authcode-forged']) {
      const answer = await bed.post('admin', '/wxplatform/authorize/complete', {
        kind: 'MINI_MALL',
        authCode: forged,
      });
      expect(answer.body.code).toBe(409);
      expect(answer.body.message).toContain('微信拒绝了请求');
    }
    expect(
      (await bed.post('admin', '/wxplatform/authorize/url', { redirectUri: 'javascript:alert(1)' })).body
        .code,
    ).toBe(400);
    expect(
      (await bed.post('admin', '/wxplatform/authorize/complete', { kind: 'OTHER', authCode: 'x' })).body.code,
    ).toBe(400);
    // Another tenant cannot take over the mini-program A01 manages.
    const other = await bed.post('t2admin', '/wxplatform/authorize/complete', {
      kind: 'MINI_MALL',
      authCode: await authorise(APP_ID),
    });
    expect(other.body.code).toBe(409);
  });

  it('moves a version through audit, rejection, release, supersession and rollback', async () => {
    const { id } = await ok(commit('1.0.0', { extJson: '{"extAppid":"x"}' }));
    expect(await versionOf('1.0.0')).toMatchObject({
      status: 'UPLOADED',
      actions: { submit: true, release: false },
    });
    // Out of turn: release and rollback of an uploaded version, refresh of one not auditing.
    for (const name of ['release', 'rollback', 'refreshAudit'])
      expect((await command(name, id)).body.code).toBe(409);

    expect(await ok(command('submit', id))).toMatchObject({ status: 'AUDITING' });
    // WeChat has not decided yet: still auditing.
    expect(await ok(command('refreshAudit', id))).toMatchObject({ status: 'AUDITING' });
    // One audit at a time: no new upload meanwhile.
    const blocked = await commit('1.0.1');
    expect(blocked.body.code).toBe(409);
    expect(blocked.body.message).toContain('正在审核');

    await review(id, 'fail', '类目不符');
    expect(await ok(command('refreshAudit', id))).toMatchObject({ status: 'AUDIT_FAILED' });
    expect(await versionOf('1.0.0')).toMatchObject({ status: 'AUDIT_FAILED', auditReason: '类目不符' });
    expect((await command('release', id)).body.code).toBe(409);

    await ok(command('submit', id));
    await review(id, 'pass');
    expect(await ok(command('refreshAudit', id))).toMatchObject({ status: 'AUDIT_PASSED' });
    expect(await ok(command('release', id))).toMatchObject({ status: 'RELEASED' });
    // Nothing released before it: nothing to roll back to.
    const lone = await command('rollback', id);
    expect(lone.body.code).toBe(409);
    expect(lone.body.message).toBe('没有可回退的上一个线上版本');

    const second = await released('1.1.0');
    expect((await versionOf('1.0.0')).status).toBe('SUPERSEDED');
    expect((await versionOf('1.1.0')).status).toBe('RELEASED');

    expect(await ok(command('rollback', second))).toMatchObject({ status: 'ROLLED_BACK' });
    expect((await versionOf('1.1.0')).status).toBe('ROLLED_BACK');
    expect((await versionOf('1.0.0')).status).toBe('RELEASED');
    // History: newest first.
    expect((await mall()).versions.map((version) => version.userVersion)).toEqual(['1.1.0', '1.0.0']);
  });

  it('refuses invalid uploads', async () => {
    const duplicate = await commit('1.0.0');
    expect(duplicate.body.code).toBe(409);
    expect(duplicate.body.message).toBe('版本号 1.0.0 已存在');
    expect((await commit('2.0.0', { extJson: '{not json' })).body.code).toBe(400);
    expect((await commit('2.0.0', { extJson: '[1]' })).body.code).toBe(400);
    expect((await commit('2.0.0', { templateId: 'abc' })).body.code).toBe(400);
    expect((await commit('版本二')).body.code).toBe(400);
    expect((await commit('2.0.0', { programId: 'nope' })).body.code).toBe(404);
  });

  it('lets one of two concurrent moves win; the other gets 409', async () => {
    const { id } = await ok(commit('1.2.0'));
    const submits = await Promise.all([command('submit', id), command('submit', id)]);
    expect(submits.map((answer) => answer.body.code).sort()).toEqual([200, 409]);
    await review(id, 'pass');
    const refreshes = await Promise.all([command('refreshAudit', id), command('refreshAudit', id)]);
    expect(refreshes.map((answer) => answer.body.code).sort()).toEqual([200, 409]);
    const releases = await Promise.all([command('release', id), command('release', id)]);
    expect(releases.map((answer) => answer.body.code).sort()).toEqual([200, 409]);
    expect((await versionOf('1.2.0')).status).toBe('RELEASED');
    expect((await versionOf('1.0.0')).status).toBe('SUPERSEDED');
  });

  it('keeps tenants apart and checks permissions', async () => {
    const theirs = await ok(bed.get<Program[]>('t2admin', '/wxplatform/list'));
    expect(theirs.every((program) => program.id === null && program.versions.length === 0)).toBe(true);
    const ours = (await versionOf('1.2.0')).id;
    for (const name of ['submit', 'release', 'rollback', 'refreshAudit'])
      expect((await bed.post('t2admin', `/wxplatform/version/${name}`, { id: ours })).body.code).toBe(404);
    expect(
      (
        await bed.post('t2admin', '/wxplatform/version/commit', {
          programId,
          templateId: '1',
          userVersion: '9.9.9',
          userDesc: 'x',
        })
      ).body.code,
    ).toBe(404);
    expect(await bed.get('wangfang', '/wxplatform/list')).toMatchObject(FORBIDDEN);
    expect(await bed.post('wangfang', '/wxplatform/version/rollback', { id: ours })).toMatchObject(FORBIDDEN);
    expect((await apiClient(bed.server.baseUrl).get('/wxplatform/list')).body.code).toBe(401);
  });

  it('/wxapi: code to session, phone number sign-in, and the openid remembered', async () => {
    const client = apiClient(bed.server.baseUrl);
    const { db } = bed.testDatabase.database;
    const outlet = await db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '!=', 'DEALER')
      .where('status', '=', 'ACTIVE')
      .where('audit_status', '=', 'APPROVED')
      .executeTakeFirstOrThrow();
    const mobile = '13900004747';
    await db.updateTable('customers').set({ boss_mobile: mobile }).where('id', '=', outlet.id).execute();
    const appid = 'wxsimulatedmall01';
    const openid = `o-${randomBytes(6).toString('hex')}`;
    const loginCode = async () => (await sim<{ code: string }>('/sim/login', { appid, openid })).code;

    const code = await loginCode();
    const session = await ok(
      client.post<{ wxToken: string; openid: string; token: string | null }>('/wxapi/session', {
        tenantId: 'A01',
        kind: 'MINI_MALL',
        code,
      }),
    );
    expect(session).toMatchObject({ openid, token: null });
    // A code is good once; unknown tenants and kinds are refused.
    expect(
      (await client.post('/wxapi/session', { tenantId: 'A01', kind: 'MINI_MALL', code })).body.code,
    ).toBe(409);
    expect(
      (await client.post('/wxapi/session', { tenantId: 'ZZZ', kind: 'MINI_MALL', code: 'x' })).body.code,
    ).toBe(400);
    expect(
      (await client.post('/wxapi/session', { tenantId: 'A01', kind: 'MINI_X', code: 'x' })).body.code,
    ).toBe(400);

    // Phone data made with another key, or for another mini-program, is not believed.
    const forged = encryptUserData(randomBytes(16).toString('base64'), {
      purePhoneNumber: mobile,
      watermark: { appid },
    });
    for (const data of [forged, { ...forged, encryptedData: 'AAAA' }]) {
      const answer = await client.post('/wxapi/phoneLogin', { wxToken: session.wxToken, ...data });
      expect(answer.body.code).toBe(400);
      expect(answer.body.message).toContain('手机号数据无效');
    }
    const phone = await sim<{ encryptedData: string; iv: string }>('/sim/phone', {
      appid,
      openid,
      phoneNumber: mobile,
    });
    expect((await client.post('/wxapi/phoneLogin', { wxToken: 'forged', ...phone })).body.code).toBe(400);

    const signedIn = await ok(
      client.post<{ token: string; buyer: { buyerId: string; kind: string } }>('/wxapi/phoneLogin', {
        wxToken: session.wxToken,
        ...phone,
      }),
    );
    expect(signedIn.buyer).toMatchObject({ buyerId: outlet.id, kind: 'OUTLET' });
    expect((await client.get('/buyer/me', signedIn.token)).body.code).toBe(200);

    // The next wx.login of that openid signs in at once.
    const again = await ok(
      client.post<{ token: string | null }>('/wxapi/session', {
        tenantId: 'A01',
        kind: 'MINI_MALL',
        code: await loginCode(),
      }),
    );
    expect(again.token).toEqual(expect.any(String));
    expect((await client.get('/buyer/me', again.token!)).body.code).toBe(200);
    // The session key stays on the server, encrypted.
    const stored = await db
      .selectFrom('wx_mini_sessions')
      .select('session_key_enc')
      .where('openid', '=', openid)
      .execute();
    expect(stored.every((row) => row.session_key_enc.startsWith('v1:'))).toBe(true);
  });
});
