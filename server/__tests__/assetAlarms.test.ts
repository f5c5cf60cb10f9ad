// The IoT alarm webhook of smart assets (docs/assets-api.md): the signature and its replay window, one row and
// at most one exception report per alarm id, the asset found in the alarm's tenant only, the episode rule
// (temperature range, minutes without power), the simulator, and the asset drawer's 告警记录.
import { signedAlarm } from '../integrations/iot/simulator';
import { SIMULATED_IOT_SECRET, signIotBody, type AlarmInput } from '../modules/assets/iot';
import { testBackends } from './support/database';
import { ok, openBusinessTestbed, queryString, type BusinessTestbed } from './support/business';

interface Detail {
  conditionStatus: string;
  exceptions: Array<{ id: string; remark: string | null }>;
  alarms: Array<{ alarmId: string; alarmType_dictText: string; exceptionId: string | null }>;
  moves: Array<{ moveType: string; detail: string | null }>;
}

describe.each(testBackends())('IoT alarms on %s', (backend) => {
  let bed: BusinessTestbed;
  /** Placed, normal freezers of A01. */
  let assets: Array<{ id: string; asset_no: string }>;
  let serial = 0;

  const webhook = (body: string, headers: Record<string, string>) =>
    fetch(`${bed.server.baseUrl}/api/eAsset/iot/alarm`, { method: 'POST', body, headers });
  const alarm = (assetNo: string, extra: Partial<AlarmInput> = {}): AlarmInput => ({
    tenantId: 'A01',
    alarmId: `AL-${backend}-${++serial}`,
    assetNo,
    alarmType: 'TEMPERATURE',
    temperature: 15.5,
    occurredAt: new Date().toISOString(),
    ...extra,
  });
  const send = async (input: AlarmInput, timestamp?: number) => {
    const signed = signedAlarm(SIMULATED_IOT_SECRET, input, timestamp);
    const response = await webhook(signed.body, signed.headers);
    return { status: response.status, body: await response.json() };
  };
  const detailOf = (id: string) => ok(bed.get<Detail>('admin', `/eAsset/queryById${queryString({ id })}`));

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    assets = await bed.testDatabase.database.db
      .selectFrom('assets')
      .select(['id', 'asset_no'])
      .where('tenant_id', '=', 'A01')
      .where('placement_status', '=', 'PLACED')
      .where('condition_status', '=', 'NORMAL')
      .where('id', 'not in', (alarmed) => alarmed.selectFrom('asset_alarms').select('asset_id'))
      .orderBy('asset_no')
      .limit(4)
      .execute();
  });
  afterAll(() => bed.close());

  it('refuses unsigned, forged, stale and malformed calls with 401, never 500', async () => {
    const input = alarm(assets[0].asset_no);
    const signed = signedAlarm(SIMULATED_IOT_SECRET, input);
    const refusals = [
      await webhook(signed.body, { 'content-type': 'application/json' }),
      await webhook(signed.body, { ...signed.headers, 'x-iot-signature': 'ab'.repeat(32) }),
      await webhook(signed.body, { ...signed.headers, 'x-iot-signature': 'not-hex' }),
      await webhook(signed.body.replace('15.5', '5.5'), signed.headers),
      await webhook('{', { ...signed.headers, 'x-iot-timestamp': 'x' }),
      ...[
        signedAlarm('another-secret-of-16+', input),
        signedAlarm(SIMULATED_IOT_SECRET, input, Math.floor(Date.now() / 1000) - 600),
      ].map((each) => webhook(each.body, each.headers)),
    ];
    for (const response of await Promise.all(refusals)) {
      expect(response.status).toBe(401);
      expect((await response.json()).message).toMatch(/^物联网告警签名校验失败/);
    }
    // Signed but not JSON: 400.
    const broken = '{"tenantId":';
    const stamp = signed.headers['x-iot-timestamp'];
    const headers = {
      ...signed.headers,
      'x-iot-signature': signIotBody(SIMULATED_IOT_SECRET, stamp, broken),
    };
    expect((await webhook(broken, headers)).status).toBe(400);
    expect((await detailOf(assets[0].id)).alarms).toHaveLength(0);
  });

  it('opens one exception per episode, idempotent on the alarm id', async () => {
    const input = alarm(assets[0].asset_no);
    const first = await send(input);
    expect(first.body).toMatchObject({ success: true, result: { duplicate: false } });
    const again = await send(input);
    expect(again.body.result).toEqual({ ...first.body.result, duplicate: true });
    const detail = await detailOf(assets[0].id);
    // The fault opened a repair order too (server/modules/repairs): the asset is 报修中.
    expect(detail.conditionStatus).toBe('REPAIRING');
    expect(detail.exceptions).toHaveLength(1);
    expect(detail.exceptions[0]).toMatchObject({ id: first.body.result.exceptionId });
    expect(detail.exceptions[0].remark).toContain('温度 15.5℃，超出 0～10℃');
    expect(detail.alarms).toEqual([
      expect.objectContaining({ alarmId: input.alarmId, alarmType_dictText: '温度异常' }),
    ]);
    expect(detail.moves.filter((move) => move.moveType === 'EXCEPTION')).toHaveLength(1);
  });

  it('applies the episode rule: in range or a short outage is kept without a report', async () => {
    const { asset_no: assetNo, id } = assets[1];
    const inRange = await send(alarm(assetNo, { temperature: 6 }));
    expect(inRange.body.result).toMatchObject({ exceptionId: null });
    const outage = alarm(assetNo, { alarmType: 'POWER_OFF', temperature: undefined, durationMinutes: 10 });
    expect((await send(outage)).body.result).toMatchObject({ exceptionId: null });
    expect((await detailOf(id)).conditionStatus).toBe('NORMAL');
    // The same outage reported again past the configured 30 minutes: now it opens the report, once.
    const longer = await send({ ...outage, durationMinutes: 45 });
    expect(longer.body.result.exceptionId).toEqual(expect.any(String));
    expect((await send({ ...outage, durationMinutes: 60 })).body.result.duplicate).toBe(true);
    const detail = await detailOf(id);
    expect(detail.exceptions).toHaveLength(1);
    expect(detail.exceptions[0].remark).toContain('已断电 45 分钟，超过 30 分钟');
    expect(detail.alarms).toHaveLength(2);
  });

  it('finds the asset in the alarm tenant only and keeps an alarm id to its asset', async () => {
    const foreign = await send(alarm(assets[2].asset_no, { tenantId: 'B01' }));
    expect(foreign.body).toMatchObject({ success: false, code: 404 });
    const input = alarm(assets[2].asset_no, { temperature: 4 });
    await send(input);
    const reused = await send({ ...input, assetNo: assets[3].asset_no });
    expect(reused.body).toMatchObject({ code: 409 });
    expect((await detailOf(assets[3].id)).alarms).toHaveLength(0);
  });

  it('seeds demo alarms: a warm cabinet and a long outage reported, a short outage recorded', async () => {
    const demo = await bed.testDatabase.database.db
      .selectFrom('asset_alarms')
      .select(['alarm_id', 'exception_id'])
      .where('alarm_id', 'like', 'IOT-DEMO-%')
      .orderBy('alarm_id')
      .execute();
    expect(demo.map((each) => each.exception_id !== null)).toEqual([true, true, false]);
  });

  it('raises a signed alarm through the simulator', async () => {
    const response = await fetch(`${bed.server.baseUrl}/sim/iot/alarm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ assetNo: assets[3].asset_no, alarmType: 'TEMPERATURE', temperature: -3 }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).result.exceptionId).toEqual(expect.any(String));
    expect((await detailOf(assets[3].id)).conditionStatus).toBe('REPAIRING');
  });
});
