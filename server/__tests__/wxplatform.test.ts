// Mini-program administration (issue #22) on both back ends, against the WeChat simulator over real HTTP:
// a mini-program authorised to the third-party platform through the authorisation page; versions through
// the release state machine (upload, audit rejected then passed, release, a second release superseding the
// first, rollback), refused out of turn with 409, one winner of concurrent moves; forged or replayed codes
// refused; tenants see and move only their own. Refusals are read from the envelope's code (a business
// refusal is answered with HTTP 200, a malformed request with 400). /wxapi: code to session, the phone number decrypted with the
// session key signs the outlet in and remembers the openid; forged phone data refused. The platform's pushes:
// an encrypted component_verify_ticket stored, forged, misaddressed, stale and malformed pushes refused (and
// logged); authorisation pushes applied (updateauthorized: the new refresh token taken; an auth code WeChat does
// not know changes nothing). Subscription messages of order status: sent by the job after the order commits,
// with the event's template and the order's data, to a user who accepted it (a return's online refund: the
// refunded message with the refund's amount); WeChat refusing retries the job and leaves the order alone.
import { randomBytes } from 'node:crypto';
import { encryptMessage, messageSignature } from '../integrations/wxplatform/messageCrypto';
import { componentPush, SIMULATED_COMPONENT, type SentMessage } from '../integrations/wxplatform/simulator';
import { encryptUserData } from '../integrations/wxplatform/userData';
import { VERIFY_TICKET_SETTING } from '../modules/wxplatform/runtime';
import { testBackends } from './support/database';
import { addDays } from '../modules/stock/stockAge';
import {
  activatePriceList,
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  orderableGoods,
  shanghaiToday,
  type BusinessTestbed,
  type OrderableGoods,
} from './support/business';
import { apiClient } from './support/auth';
import { captureLogs } from './support/server';
import { until } from './support/until';

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
  let goods: OrderableGoods;
  const logs = captureLogs();
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
    bed = await openBusinessTestbed(backend, {
      logLevel: 'warn',
      logStream: logs.logStream,
      jobs: { pollIntervalMs: 100, retryBaseMs: 200 },
    });
    goods = await orderableGoods(bed, 'admin', 'WXM', 'A01A02', 1);
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

  // ---- the platform's pushes ----

  const push = (query: Record<string, string>, body: string, contentType = 'text/xml') =>
    fetch(`${bed.server.baseUrl}/api/wxplatform/component/notify?${new URLSearchParams(query)}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
  const storedTicket = async () =>
    (
      await bed.testDatabase.database.db
        .selectFrom('deployment_settings')
        .select('value')
        .where('key', '=', VERIFY_TICKET_SETTING)
        .executeTakeFirst()
    )?.value;
  /** A push signed and encrypted with the platform's keys, of `message`, encrypted for `appId`. */
  const craftedPush = (message: string, appId: string, timestamp: number) => {
    const encrypt = encryptMessage(SIMULATED_COMPONENT, message, appId);
    const query = {
      timestamp: String(timestamp),
      nonce: '1234567',
      encrypt_type: 'aes',
      msg_signature: messageSignature(SIMULATED_COMPONENT.token, String(timestamp), '1234567', encrypt),
    };
    return { query, body: `<xml><AppId>${appId}</AppId><Encrypt><![CDATA[${encrypt}]]></Encrypt></xml>` };
  };

  it('stores the component_verify_ticket of a valid encrypted push; refuses forged, misaddressed, stale ones', async () => {
    // The simulator pushed one when the server started, as WeChat does every ten minutes.
    expect(await storedTicket()).toMatch(/^simticket-/);
    const ticket = `ticket-${randomBytes(6).toString('hex')}`;
    const valid = componentPush({
      CreateTime: String(Math.floor(Date.now() / 1000)),
      InfoType: 'component_verify_ticket',
      ComponentVerifyTicket: ticket,
    });
    const taken = await push(valid.query, valid.body);
    expect(taken.status).toBe(200);
    expect(await taken.text()).toBe('success');
    expect(await storedTicket()).toBe(ticket);

    const now = Math.floor(Date.now() / 1000);
    const inner = (value: string) =>
      `<xml><AppId>${SIMULATED_COMPONENT.appId}</AppId><CreateTime>${now}</CreateTime><InfoType>component_verify_ticket</InfoType><ComponentVerifyTicket>${value}</ComponentVerifyTicket></xml>`;
    const forged = componentPush({ InfoType: 'component_verify_ticket', ComponentVerifyTicket: 'forged' });
    const otherApp = craftedPush(inner('other-app'), 'wxsomeoneelse01', now);
    const stale = craftedPush(inner('stale'), SIMULATED_COMPONENT.appId, now - 301);
    const refused: Array<[Record<string, string>, string, number]> = [
      [{ ...forged.query, msg_signature: 'f'.repeat(40) }, forged.body, 401],
      [{ ...forged.query, nonce: '42' }, forged.body, 401],
      [otherApp.query, otherApp.body, 401],
      [stale.query, stale.body, 401],
      [forged.query, '<xml><AppId>x</AppId></xml>', 400],
      [forged.query, 'not xml at all <', 400],
      [{ timestamp: 'soon', nonce: '1', msg_signature: 'x' }, forged.body, 400],
    ];
    for (const [query, body, status] of refused) {
      const answer = await push(query, body);
      expect(answer.status).toBe(status);
      expect(await answer.text()).not.toBe('success');
    }
    // A JSON body is no push either (and no 500).
    expect((await push(forged.query, '{}', 'application/json')).status).toBeLessThan(500);
    expect(await storedTicket()).toBe(ticket);
    const reasons = logs
      .lines()
      .filter((line) => line.msg === 'wxplatform push refused')
      .map((line) => String(line.reason));
    expect(reasons).toEqual(
      expect.arrayContaining([
        'msg_signature does not match',
        'for appid wxsomeoneelse01',
        expect.stringContaining('outside 300s'),
      ]),
    );

    // The simulator's push goes the same way and replaces it (the platform's calls keep working on it).
    expect(await sim('/sim/pushTicket', {})).toMatchObject({ status: 200, answer: 'success' });
    expect(await storedTicket()).toMatch(/^simticket-/);
  });

  it('applies the authorisation pushes to the tenant’s mini-program', async () => {
    const status = async () => (await mall()).status;
    expect(await sim('/sim/pushAuthEvent', { infoType: 'unauthorized', appid: APP_ID })).toMatchObject({
      answer: 'success',
    });
    expect(await status()).toBe('UNAUTHORIZED');
    const { id } = await versionOf('1.2.0');
    expect((await command('rollback', id)).body.message).toContain('已取消授权');
    const before = await bed.testDatabase.database.db
      .selectFrom('wx_mini_programs')
      .select('refresh_token_enc')
      .where('id', '=', programId)
      .executeTakeFirstOrThrow();
    expect(await sim('/sim/pushAuthEvent', { infoType: 'authorized', appid: APP_ID })).toMatchObject({
      answer: 'success',
    });
    expect(await status()).toBe('AUTHORIZED');
    const after = await bed.testDatabase.database.db
      .selectFrom('wx_mini_programs')
      .select('refresh_token_enc')
      .where('id', '=', programId)
      .executeTakeFirstOrThrow();
    expect(after.refresh_token_enc).not.toBe(before.refresh_token_enc);
    // A mini-program nobody manages here: answered, nothing changes.
    expect(
      await sim('/sim/pushAuthEvent', { infoType: 'unauthorized', appid: 'wxnobodyhere01' }),
    ).toMatchObject({
      answer: 'success',
    });
  });

  it('takes the new refresh token of an updateauthorized push; a code WeChat does not know changes nothing', async () => {
    const program = () =>
      bed.testDatabase.database.db
        .selectFrom('wx_mini_programs')
        .select(['status', 'refresh_token_enc', 'authorized_at'])
        .where('id', '=', programId)
        .executeTakeFirstOrThrow();
    const queryAuthFailures = () =>
      logs.lines().filter((line) => line.msg === 'wxplatform push: api_query_auth failed');
    const before = await program();
    expect(before.status).toBe('AUTHORIZED');
    // The administrator changed the permissions granted to the platform: WeChat pushes a fresh auth code.
    expect(await sim('/sim/pushAuthEvent', { infoType: 'updateauthorized', appid: APP_ID })).toMatchObject({
      answer: 'success',
    });
    const updated = await program();
    expect(updated.status).toBe('AUTHORIZED');
    expect(updated.refresh_token_enc).not.toBe(before.refresh_token_enc);
    expect(updated.authorized_at!.getTime()).toBeGreaterThanOrEqual(before.authorized_at!.getTime());
    expect(queryAuthFailures()).toEqual([]);
    // Its platform calls keep working with the new token.
    expect((await ok(commit('1.3.0'))).id).toBeTruthy();

    // Signed by the platform but with an auth code WeChat never issued: answered, logged, nothing changes.
    const forged = componentPush({
      CreateTime: String(Math.floor(Date.now() / 1000)),
      InfoType: 'updateauthorized',
      AuthorizerAppid: APP_ID,
      AuthorizationCode: 'queryauthcode@@@forged',
    });
    const answer = await push(forged.query, forged.body);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('success');
    expect(await program()).toEqual(updated);
    expect(queryAuthFailures()).toMatchObject([{ appId: APP_ID }]);
  });

  // ---- subscription messages of order status ----

  describe('order status messages', () => {
    const appid = 'wxsimulatedmall01';
    const openid = `o-${randomBytes(6).toString('hex')}`;
    const client = () => apiClient(bed.server.baseUrl);
    let buyerToken: string;
    let wxToken: string;

    const sent = async () =>
      (await (await fetch(`${bed.server.baseUrl}/sim/wxplatform/sim/messages?touser=${openid}`)).json())
        .messages as SentMessage[];
    const byTemplate = (messages: SentMessage[]) =>
      [...messages].sort((one, other) => one.template_id.localeCompare(other.template_id));
    const messageJobs = (orderId: string) =>
      bed.testDatabase.database.db
        .selectFrom('jobs')
        .select(['status', 'attempts', 'error', 'payload'])
        .where('kind', '=', 'WX_SUBSCRIBE_MESSAGE')
        .where(({ eb, ref }) => eb(ref('payload', '->>').key('orderId' as never), '=', orderId))
        .orderBy('created_at')
        .execute();
    const credits = async (templateId: string) =>
      (
        await bed.testDatabase.database.db
          .selectFrom('wx_message_subscriptions')
          .select('credits')
          .where('openid', '=', openid)
          .where('template_id', '=', templateId)
          .executeTakeFirst()
      )?.credits ?? 0;
    const accept = (templateIds: string[]) =>
      ok(client().post<{ templateIds: string[] }>('/wxapi/subscribe', { wxToken, templateIds }));
    const placeOrder = () =>
      ok(
        client().post<{ id: string; orderNo: string; payableAmount: string }>(
          '/buyer/orders/place',
          { paymentMethod: 'COD', lines: [{ skuId: goods.skuId, cases: 1 }] },
          buyerToken,
        ),
      );
    const audit = (id: string) =>
      ok(bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [id], pass: true }));

    beforeAll(async () => {
      const mobile = '13900005858';
      const { db } = bed.testDatabase.database;
      await db
        .updateTable('customers')
        .set({ boss_mobile: mobile })
        .where('id', '=', goods.outletId)
        .execute();
      await ok(
        bed.post('admin', '/wxconfig/save', {
          kind: 'MINI_MALL',
          name: '门店商城',
          mode: 'SIMULATOR',
          messageTemplates: {
            PAID: 'tmpl-paid-01',
            SHIPPED: 'tmpl-ship-01',
            CANCELLED: '',
            REFUNDED: 'tmpl-refund-01',
          },
          messageFields:
            'character_string1=orderNo, phrase2=status, amount3=amount, thing4=remark, time5=time',
        }),
      );
      const { code } = await sim<{ code: string }>('/sim/login', { appid, openid });
      const session = await ok(
        client().post<{ wxToken: string }>('/wxapi/session', { tenantId: 'A01', kind: 'MINI_MALL', code }),
      );
      wxToken = session.wxToken;
      const phone = await sim<{ encryptedData: string; iv: string }>('/sim/phone', {
        appid,
        openid,
        phoneNumber: mobile,
      });
      buyerToken = (await ok(client().post<{ token: string }>('/wxapi/phoneLogin', { wxToken, ...phone })))
        .token;
    });

    it('keeps the templates on /wxconfig and counts what the user accepted', async () => {
      const accounts = await ok(
        bed.get<Array<{ kind: string; messageTemplates: Record<string, string> }>>('admin', '/wxconfig/list'),
      );
      expect(accounts.find((account) => account.kind === 'MINI_MALL')?.messageTemplates).toEqual({
        PAID: 'tmpl-paid-01',
        SHIPPED: 'tmpl-ship-01',
        REFUNDED: 'tmpl-refund-01',
      });
      const badFields = await bed.post('admin', '/wxconfig/save', {
        kind: 'MINI_MALL',
        name: '门店商城',
        mode: 'SIMULATOR',
        messageFields: 'thing1=price',
      });
      expect(badFields.body.code).toBe(400);
      // Only the mini-program's own templates count.
      expect(await accept(['tmpl-paid-01', 'tmpl-ship-01', 'tmpl-unknown'])).toEqual({
        templateIds: ['tmpl-paid-01', 'tmpl-ship-01'],
      });
      expect(await credits('tmpl-paid-01')).toBe(1);
      expect(
        (await client().post('/wxapi/subscribe', { wxToken: 'forged', templateIds: ['x'] })).body.code,
      ).toBe(400);
    });

    it('sends the paid and shipped messages after the order commits, with their template and data', async () => {
      const order = await placeOrder();
      await audit(order.id);
      await ok(
        bed.post('admin', '/payment/add', {
          orderId: order.id,
          amount: Number(order.payableAmount),
          channel: 'CASH',
        }),
      );
      await ok(bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', { id: order.id }));
      // Two jobs, sent side by side: in either order.
      const messages = byTemplate(
        await until(sent, (list) => list.length >= 2, 'the paid and shipped messages'),
      );
      expect(messages).toEqual([
        expect.objectContaining({
          appid,
          template_id: 'tmpl-paid-01',
          page: `pages/order/detail?id=${order.id}`,
          data: {
            character_string1: { value: order.orderNo },
            phrase2: { value: '已支付' },
            amount3: { value: `${order.payableAmount}元` },
            thing4: { value: '订单已支付，我们将尽快安排发货' },
            time5: { value: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) },
          },
        }),
        expect.objectContaining({
          template_id: 'tmpl-ship-01',
          data: expect.objectContaining({
            phrase2: { value: '已发货' },
            thing4: { value: '您的订单已发货，请注意查收' },
          }),
        }),
      ]);
      expect((await messageJobs(order.id)).map((job) => job.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
      // Each acceptance was one message: nothing left to send another with.
      expect(await credits('tmpl-paid-01')).toBe(0);
      expect(await credits('tmpl-ship-01')).toBe(0);

      // Without an acceptance (or a template: CANCELLED has none) nothing is queued.
      const second = await placeOrder();
      await audit(second.id);
      await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: second.id, reason: '测试作废' }));
      expect(await messageJobs(second.id)).toEqual([]);
      expect(await sent()).toHaveLength(2);
    });

    it('retries a message WeChat refuses; the order is unaffected', async () => {
      await accept(['tmpl-ship-01']);
      await sim('/sim/failNext', { appid, errcode: -1, count: 2 });
      const order = await placeOrder();
      await audit(order.id);
      const shipped = await ok(
        bed.post<{ status?: string }>('admin', '/eOrder/eOrder/saveOrderDeliver', { id: order.id }),
      );
      expect(shipped).toBeDefined();
      const detail = await ok(
        bed.get<{ status: string }>('admin', `/eOrder/eOrder/queryById?id=${order.id}`),
      );
      expect(detail.status).toBe('SHIPPED');
      const [job] = await until(
        () => messageJobs(order.id),
        (jobs) => jobs[0]?.status === 'SUCCEEDED',
        'the retried message',
      );
      expect(job.attempts).toBe(3);
      expect(
        (await sent()).filter((message) => message.data.character_string1.value === order.orderNo),
      ).toHaveLength(1);

      // A refusal no retry changes (the user no longer accepts it) fails the job at once; the order stays shipped.
      await accept(['tmpl-ship-01']);
      await sim('/sim/failNext', { appid, errcode: 43101, count: 1 });
      const refused = await placeOrder();
      await audit(refused.id);
      await ok(bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', { id: refused.id }));
      const [failed] = await until(
        () => messageJobs(refused.id),
        (jobs) => jobs[0]?.status === 'FAILED',
        'the refused message',
      );
      expect(failed).toMatchObject({ attempts: 1, error: expect.stringContaining('43101') });
      expect(
        (await ok(bed.get<{ status: string }>('admin', `/eOrder/eOrder/queryById?id=${refused.id}`))).status,
      ).toBe('SHIPPED');
    });

    it('sends the employee shop’s messages: paid by payroll at placing, then ready for pickup', async () => {
      const empAppid = 'wxsimulatedemp001';
      const empOpenid = `o-${randomBytes(6).toString('hex')}`;
      const admin = <T = { id: string }>(path: string, body: unknown) => ok(bed.post<T>('admin', path, body));
      await bed.testDatabase.database.db
        .updateTable('skus')
        .set({ employee_mall_visible: true })
        .where('id', '=', goods.skuId)
        .execute();
      const list = await admin('/eMaterial/priceList/add', {
        code: 'WXM-EMP',
        name: '员工价',
        priceType: 'EMPLOYEE',
        validFrom: `${addDays(shanghaiToday(), -30)} 00:00:00`,
        scopes: [],
        items: [{ skuId: goods.skuId, unit: 'CASE', price: 30, floorPrice: null }],
      });
      await activatePriceList(bed, 'admin', list.id);
      const point = await admin('/eEmployee/pickupPoint/save', {
        name: '一号自提点',
        address: '杭州市 1 号',
      });
      await admin('/eEmployee/buyer/save', {
        employeeNo: 'WXM-E1',
        name: '员工甲',
        mobile: '13900005959',
        companyName: '华饮酒业集团',
        monthlyQuotaAmount: 1000,
        monthlyQuotaCases: null,
      });
      await admin('/wxconfig/save', {
        kind: 'MINI_EMPLOYEE',
        name: '内购小程序',
        mode: 'SIMULATOR',
        messageTemplates: { PAID: 'tmpl-emp-paid', SHIPPED: 'tmpl-emp-ready' },
      });
      const { code } = await sim<{ code: string }>('/sim/login', { appid: empAppid, openid: empOpenid });
      const session = await ok(
        client().post<{ wxToken: string }>('/wxapi/session', {
          tenantId: 'A01',
          kind: 'MINI_EMPLOYEE',
          code,
        }),
      );
      const phone = await sim<{ encryptedData: string; iv: string }>('/sim/phone', {
        appid: empAppid,
        openid: empOpenid,
        phoneNumber: '13900005959',
      });
      const { token } = await ok(
        client().post<{ token: string }>('/wxapi/phoneLogin', { wxToken: session.wxToken, ...phone }),
      );
      await ok(
        client().post('/wxapi/subscribe', {
          wxToken: session.wxToken,
          templateIds: ['tmpl-emp-paid', 'tmpl-emp-ready'],
        }),
      );
      const placed = await ok(
        client().post<{ id: string; orderNo: string; status: string }>(
          '/buyer/employee/orders/place',
          { pickupPointId: point.id, paymentMethod: 'PAYROLL', lines: [{ skuId: goods.skuId, cases: 1 }] },
          token,
        ),
      );
      expect(placed.status).toBe('PAID');
      await admin('/eEmployee/order/ready', { id: placed.id });
      const received = async () =>
        (await (await fetch(`${bed.server.baseUrl}/sim/wxplatform/sim/messages?touser=${empOpenid}`)).json())
          .messages as SentMessage[];
      const messages = byTemplate(
        await until(received, (list) => list.length >= 2, 'the employee’s messages'),
      );
      expect(messages.map((message) => [message.appid, message.template_id])).toEqual([
        [empAppid, 'tmpl-emp-paid'],
        [empAppid, 'tmpl-emp-ready'],
      ]);
      expect(messages[0].data).toMatchObject({
        character_string1: { value: placed.orderNo },
        phrase2: { value: '已付款' },
        amount4: { value: '30.00元' },
        thing5: { value: '请凭提货码到一号自提点提货' },
      });
      expect(messages[1].data).toMatchObject({ phrase2: { value: '待自提' } });
    });

    it('sends the refunded message when a return of an order paid online is refunded through WeChat Pay', async () => {
      await accept(['tmpl-refund-01']);
      const order = await ok(
        client().post<{ id: string; orderNo: string; payableAmount: string }>(
          '/buyer/orders/place',
          { paymentMethod: 'ONLINE', lines: [{ skuId: goods.skuId, cases: 1 }] },
          buyerToken,
        ),
      );
      const prepay = await ok(
        client().post<{ simulatorPayUrl: string }>('/buyer/orders/pay', { id: order.id }, buyerToken),
      );
      const paid = await fetch(`${bed.server.baseUrl}/sim/wechatpay/cashier/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          prepay_id: new URL(prepay.simulatorPayUrl, 'http://x').searchParams.get('prepay_id'),
        }),
      });
      expect(await paid.json()).toMatchObject({ ok: true });
      await audit(order.id);
      await ok(bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', { id: order.id }));
      const { lines } = await ok(
        bed.get<{ lines: Array<{ id: string }> }>('admin', `/eOrder/eOrder/queryById?id=${order.id}`),
      );
      // 6 of the case's 24 bottles come back: their amount is refunded by the original route.
      const back = await ok(
        bed.post<{ id: string }>('admin', '/eOrder/eOrder/backOrder/add', {
          orderId: order.id,
          reason: 'DAMAGED',
          refundMethod: 'ORIGINAL',
          lines: [{ orderLineId: lines[0].id, baseQty: 6 }],
        }),
      );
      const { amount } = await ok(
        bed.get<{ amount: string }>('admin', `/eOrder/eOrder/backOrderById?id=${back.id}`),
      );
      expect(Number(amount)).toBeGreaterThan(0);
      await ok(bed.post('admin', '/eOrder/eOrder/backOrder/audit', { id: back.id, pass: true }));
      await ok(
        bed.post('admin', '/eOrder/eOrder/backOrder/receive', {
          id: back.id,
          warehouseId: goods.warehouseId,
        }),
      );
      const refundJobs = async () =>
        (await messageJobs(order.id)).filter(
          (job) => (job.payload as { templateId?: string }).templateId === 'tmpl-refund-01',
        );
      // One message of the refund, sent once its job ran.
      await until(refundJobs, (jobs) => jobs[0]?.status === 'SUCCEEDED', 'the refunded message');
      expect(await refundJobs()).toHaveLength(1);
      const [message] = (await sent()).filter((each) => each.template_id === 'tmpl-refund-01');
      expect(message).toMatchObject({
        appid,
        page: `pages/order/detail?id=${order.id}`,
        data: expect.objectContaining({
          character_string1: { value: order.orderNo },
          phrase2: { value: '已退款' },
          amount3: { value: `${amount}元` },
          thing4: { value: '退款已原路退回' },
        }),
      });
    });
  });
});
