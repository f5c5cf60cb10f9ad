import { createHash, createHmac } from 'node:crypto';
import { SmsDeliveryError } from '../integrations/sms';
import { canonicalString, HttpSmsGateway } from '../integrations/sms/httpGateway';
import { closedPort, startFakeSmsGateway, type FakeSmsGateway } from './support/smsGateway';

const CREDENTIALS = { accessKeyId: 'AK-test', accessKeySecret: 'secret-of-the-test', signName: '华饮酒业' };
const MESSAGE = { mobile: '13800000001', templateCode: 'SMS_LOGIN_01', params: { code: '123456' } };

async function deliveryErrorOf(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SmsDeliveryError) return error;
    throw error;
  }
  throw new Error('the send did not fail');
}

describe('HttpSmsGateway against a local stand-in of the provider', () => {
  let gateway: FakeSmsGateway;
  let client: HttpSmsGateway;

  beforeEach(async () => {
    gateway = await startFakeSmsGateway('/v1/sms/send?region=cn');
    client = new HttpSmsGateway({ url: gateway.url, ...CREDENTIALS }, 300);
  });
  afterEach(() => gateway.close());

  it('POSTs the sign name, template, mobile and params as JSON, signed with HMAC-SHA256 over method, path, timestamp, nonce and body', async () => {
    await client.send(MESSAGE);
    await client.send(MESSAGE);
    expect(gateway.received).toHaveLength(2);
    const [first, second] = gateway.received;
    expect(first.method).toBe('POST');
    expect(first.path).toBe('/v1/sms/send?region=cn');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(first.rawBody)).toEqual({
      signName: '华饮酒业',
      templateCode: 'SMS_LOGIN_01',
      mobile: '13800000001',
      params: { code: '123456' },
    });
    expect(first.headers['x-sms-access-key-id']).toBe('AK-test');
    const timestamp = first.headers['x-sms-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - Date.now())).toBeLessThan(5000);
    const nonce = first.headers['x-sms-nonce'] as string;
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(second.headers['x-sms-nonce']).not.toBe(nonce);

    // The provider's side of the check, written out independently of the client's helpers.
    const canonical = `POST\n/v1/sms/send?region=cn\n${timestamp}\n${nonce}\n${createHash('sha256').update(first.rawBody).digest('hex')}`;
    expect(canonicalString({ method: 'POST', path: first.path, timestamp, nonce, body: first.rawBody })).toBe(
      canonical,
    );
    expect(first.headers['x-sms-signature']).toBe(
      createHmac('sha256', CREDENTIALS.accessKeySecret).update(canonical).digest('base64'),
    );
    expect(first.rawBody).not.toContain(CREDENTIALS.accessKeySecret);
  });

  it.each([
    [{ status: 500, body: 'Internal Server Error' }, /^HTTP 500: Internal Server Error/],
    [{ status: 403, body: '{"code":"SignatureDoesNotMatch"}' }, /^HTTP 403/],
    [
      { status: 200, body: '{"code":"isv.BUSINESS_LIMIT_CONTROL","message":"触发流控"}' },
      /^gateway code isv\.BUSINESS_LIMIT_CONTROL: 触发流控/,
    ],
    [{ status: 200, body: '<html>proxy error</html>' }, /^answer is not JSON/],
    [{ status: 200, body: 'null' }, /^gateway code undefined/],
  ])('turns the answer %j into an SmsDeliveryError', async (behaviour, detail) => {
    gateway.behave(behaviour);
    const error = await deliveryErrorOf(client.send(MESSAGE));
    expect(error.message).toBe('短信发送失败，请稍后重试');
    expect(error.detail).toMatch(detail);
  });

  it('gives up after its timeout when the provider does not answer', async () => {
    gateway.behave('hang');
    const started = Date.now();
    const error = await deliveryErrorOf(client.send(MESSAGE));
    expect(error.detail).toBe('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('wraps a refused connection, so no raw socket error (ECONNREFUSED) escapes', async () => {
    const unreachable = new HttpSmsGateway({
      url: `http://127.0.0.1:${await closedPort()}/send`,
      ...CREDENTIALS,
    });
    const error = await deliveryErrorOf(unreachable.send(MESSAGE));
    expect(error.message).toBe('短信发送失败，请稍后重试');
    expect(error.detail).toMatch(/^request failed/);
    expect(Object.keys(error)).not.toContain('code');
    expect(error.cause).toBeUndefined();
  });
});
