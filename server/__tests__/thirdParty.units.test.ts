// Pure parts of the third-party integrations: the JS-SDK signature (WeChat's own worked example), the CAS
// XML answer, the token cache and the configuration of the parties.
import { loadConfig } from '../config';
import { parseServiceResponse } from '../integrations/cas/client';
import {
  PartyRefusedError,
  PartyUnavailableError,
  TokenCache,
  TOKEN_RENEW_MARGIN_MS,
} from '../integrations/partyHttp';
import { jsSdkSignature, urlWithoutHash } from '../integrations/wechat/client';

describe('the JS-SDK signature', () => {
  it("matches the worked example of WeChat's JS-SDK documentation (appendix 1)", () => {
    expect(
      jsSdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its hash', () => {
    expect(urlWithoutHash('http://a.example/x?y=1#/route?z=2')).toBe('http://a.example/x?y=1');
    expect(urlWithoutHash('http://a.example/x')).toBe('http://a.example/x');
    const fields = { ticket: 't', nonceStr: 'n', timestamp: 1 };
    expect(jsSdkSignature({ ...fields, url: 'http://a.example/#h' })).toBe(
      jsSdkSignature({ ...fields, url: 'http://a.example/' }),
    );
  });
});

describe('the CAS serviceValidate answer', () => {
  it('gives the user of a success (CAS 3.0, with attributes)', () => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp">
      <cas:authenticationSuccess>
        <cas:user>admin</cas:user>
        <cas:attributes><cas:email>a@example.com</cas:email></cas:attributes>
      </cas:authenticationSuccess>
    </cas:serviceResponse>`;
    expect(parseServiceResponse(xml)).toBe('admin');
  });

  it('refuses with the failure code', () => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp">
      <cas:authenticationFailure code="INVALID_TICKET">Ticket ST-1 not recognized</cas:authenticationFailure>
    </cas:serviceResponse>`;
    expect(() => parseServiceResponse(xml)).toThrow(PartyRefusedError);
    try {
      parseServiceResponse(xml);
    } catch (error) {
      expect(error).toMatchObject({ partyCode: 'INVALID_TICKET', detail: 'Ticket ST-1 not recognized' });
    }
  });

  it('takes an answer that is not a serviceResponse for an unavailable server', () => {
    expect(() => parseServiceResponse('<html><body>Bad gateway</body></html>')).toThrow(
      PartyUnavailableError,
    );
    expect(() => parseServiceResponse('<unclosed')).toThrow(PartyUnavailableError);
  });
});

describe('TokenCache', () => {
  it('keeps a token until shortly before it expires, and fetches once for concurrent callers', async () => {
    let now = 0;
    const cache = new TokenCache(() => now);
    let fetched = 0;
    const fetchToken = async () => ({ value: `token-${++fetched}`, expiresInSeconds: 7200 });
    expect(await Promise.all([cache.get('k', fetchToken), cache.get('k', fetchToken)])).toEqual([
      'token-1',
      'token-1',
    ]);
    now = 7200 * 1000 - TOKEN_RENEW_MARGIN_MS - 1;
    expect(await cache.get('k', fetchToken)).toBe('token-1');
    now += 1;
    expect(await cache.get('k', fetchToken)).toBe('token-2');
    cache.forget('k');
    expect(await cache.get('k', fetchToken)).toBe('token-3');
  });

  it('does not keep a failure', async () => {
    const cache = new TokenCache();
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => ({ value: 'ok', expiresInSeconds: 60 }))).toBe('ok');
  });
});

describe('the configuration of the parties', () => {
  const wecom = {
    WECOM_PROVIDER_CORPID: 'wwp',
    WECOM_PROVIDER_SECRET: 'ps',
    WECOM_SUITE_ID: 'ws',
    WECOM_SUITE_SECRET: 'ss',
    WECOM_SUITE_TICKET: 'st',
    WECOM_REGISTER_TEMPLATE_ID: 'tpl',
  };

  it('leaves every party to the simulators when nothing is set', () => {
    expect(loadConfig({})).toMatchObject({
      wecom: undefined,
      cas: undefined,
      wechat: undefined,
      specialLoginAccount: undefined,
    });
  });

  it('reads WeCom with the default hosts', () => {
    expect(loadConfig(wecom).wecom).toEqual({
      apiUrl: 'https://qyapi.weixin.qq.com',
      webUrl: 'https://open.work.weixin.qq.com',
      providerCorpId: 'wwp',
      providerSecret: 'ps',
      suiteId: 'ws',
      suiteSecret: 'ss',
      suiteTicket: 'st',
      registerTemplateId: 'tpl',
    });
  });

  it('stops at a party set in part, naming the first missing variable', () => {
    const { WECOM_SUITE_TICKET: _ticket, ...partial } = wecom;
    expect(() => loadConfig(partial)).toThrow(
      'WECOM_SUITE_TICKET 未设置：企业微信的变量要么全部设置，要么全部不设置',
    );
    expect(() => loadConfig({ WECOM_API_URL: 'https://q.example' })).toThrow('WECOM_PROVIDER_CORPID');
    expect(() => loadConfig({ WECHAT_APP_ID: 'wx1' })).toThrow('WECHAT_APP_SECRET');
  });

  it('checks the URLs', () => {
    expect(() => loadConfig({ CAS_SERVER_URL: 'ftp://sso' })).toThrow('CAS_SERVER_URL');
    expect(loadConfig({ CAS_SERVER_URL: 'https://sso.example.com/cas/' }).cas).toEqual({
      url: 'https://sso.example.com/cas',
    });
    expect(
      loadConfig({
        WECHAT_APP_ID: 'wx1',
        WECHAT_APP_SECRET: 's',
        WECHAT_JSSDK_URL: 'https://cdn.example/jw.js',
      }).wechat,
    ).toEqual({
      apiUrl: 'https://api.weixin.qq.com',
      appId: 'wx1',
      appSecret: 's',
      jsSdkUrl: 'https://cdn.example/jw.js',
    });
  });
});
