import {
  webparamPath,
  casLoginUrl,
  landingFlowOf,
  qrConnectUrl,
  qrRedirectUri,
} from '../../../src/features/thirdPartyLogin/query';
import { isMessengerBrowser } from '../../../src/features/thirdPartyLogin/browser';

const PAGE = 'https://crm.example.com/user/login';
const corp = { name: '华饮酒业集团', appId: 'wwa01', agentId: '1000002' };

describe('landingFlowOf', () => {
  it('reads an installation: state JSON of type install with auth_code', () => {
    const state = encodeURIComponent(JSON.stringify({ type: 'install', code: 'c1' }));
    expect(landingFlowOf(`?state=${state}&auth_code=A1`, PAGE)).toEqual({
      kind: 'install',
      authCode: 'A1',
      code: 'c1',
    });
    // From WeCom's app market: no state of ours.
    expect(landingFlowOf('?auth_code=A2', PAGE)).toEqual({ kind: 'install', authCode: 'A2', code: '' });
  });

  it('ignores a JSON state of another type, and an install state without auth_code', () => {
    const other = encodeURIComponent(JSON.stringify({ type: 'other' }));
    expect(landingFlowOf(`?state=${other}&auth_code=A1`, PAGE)).toEqual({ kind: 'none' });
    const install = encodeURIComponent(JSON.stringify({ type: 'install', code: 'c' }));
    expect(landingFlowOf(`?state=${install}`, PAGE)).toEqual({ kind: 'none' });
  });

  it('reads the QR login: the panel without a code, the login with code and corpid', () => {
    expect(landingFlowOf('?state=qywx_login', PAGE)).toEqual({ kind: 'qrPanel' });
    expect(landingFlowOf('?corpid=wwa01&code=C1&state=qywx_login', PAGE)).toEqual({
      kind: 'qrLogin',
      code: 'C1',
      corpid: 'wwa01',
    });
    expect(landingFlowOf('?code=C1&state=qywx_login', PAGE)).toEqual({ kind: 'qrPanel' });
  });

  it('reads a CAS ticket: the service is the page without the ticket', () => {
    expect(landingFlowOf('?ticket=ST-1', PAGE)).toEqual({ kind: 'cas', ticket: 'ST-1', service: PAGE });
    expect(landingFlowOf('?a=1&ticket=ST-1', PAGE)).toEqual({
      kind: 'cas',
      ticket: 'ST-1',
      service: `${PAGE}?a=1`,
    });
  });

  it('reads the special login only for the product code', () => {
    expect(landingFlowOf('?username=crm', PAGE)).toEqual({ kind: 'special', username: 'crm' });
    expect(landingFlowOf('?username=admin', PAGE)).toEqual({ kind: 'none' });
  });

  it('reads the admin login (code and suiteId) and the suite login (code alone)', () => {
    expect(landingFlowOf('?code=C&suiteId=S', PAGE)).toEqual({ kind: 'adminLogin', code: 'C', suiteId: 'S' });
    expect(landingFlowOf('?code=C', PAGE)).toEqual({ kind: 'suiteLogin', code: 'C' });
    expect(landingFlowOf('?webparam=x', PAGE)).toEqual({ kind: 'none' });
    expect(landingFlowOf('', PAGE)).toEqual({ kind: 'none' });
  });
});

describe('webparamPath', () => {
  it('keeps a path of this site only', () => {
    expect(webparamPath('?webparam=%2Fisystem%2Fuser%3Ftab%3D2')).toBe('/isystem/user?tab=2');
    expect(webparamPath('?webparam=%2F%2Fevil.example')).toBeNull();
    expect(webparamPath('?webparam=%2F%5Cevil.example')).toBeNull();
    expect(webparamPath('?webparam=https%3A%2F%2Fevil.example')).toBeNull();
    expect(webparamPath('?code=C')).toBeNull();
  });
});

describe('party addresses', () => {
  it('sends WeCom back to the login route naming the corp', () => {
    expect(qrRedirectUri('https://crm.example.com', corp)).toBe(
      'https://crm.example.com/user/login?corpid=wwa01',
    );
    const url = new URL(
      qrConnectUrl('/sim/wecom', corp, 'https://crm.example.com'),
      'https://crm.example.com',
    );
    expect(url.pathname).toBe('/sim/wecom/wwopen/sso/qrConnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      login_type: 'jssdk',
      appid: 'wwa01',
      agentid: '1000002',
      redirect_uri: 'https://crm.example.com/user/login?corpid=wwa01',
      state: 'qywx_login',
    });
  });

  it('builds the CAS login URL with the service', () => {
    expect(casLoginUrl('https://sso.example.com/cas', PAGE)).toBe(
      'https://sso.example.com/cas/login?service=https%3A%2F%2Fcrm.example.com%2Fuser%2Flogin',
    );
  });

  it('recognises the in-app browsers of WeChat and WeCom', () => {
    expect(isMessengerBrowser('Mozilla/5.0 (iPhone) MicroMessenger/8.0.40 NetType/WIFI')).toBe(true);
    expect(isMessengerBrowser('Mozilla/5.0 (Windows NT 10.0) wxwork/4.1.0 MicroMessenger/7.0.1')).toBe(true);
    expect(isMessengerBrowser('Mozilla/5.0 (Macintosh) Chrome/120 Safari/537.36')).toBe(false);
  });
});
