// The enterprise-messaging QR login (spec §2 login modal): search the company, pick it, scan WeCom's QR
// (WeCom's page in an iframe; after the scan it sends the whole page back to the login route with a code),
// and the CAS single sign-on as the other way in without a password.
import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Input, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { CorpSummary } from '../../api/thirdParty';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { LOGIN_PATH } from '../../../common/constants';
import { qrConnectUrl } from './query';
import {
  selectCorpSearching,
  selectCorps,
  selectThirdPartyBusy,
  selectThirdPartySettings,
} from './selectors';
import { casLoginRequested, companySearchRequested, settingsRequested } from './slice';

export const QR_PANEL_TEXTS = {
  searchPlaceholder: '请输入企业名称搜索',
  noCorp: '未找到已安装本应用的企业',
  scanHint: '请使用企业微信扫描二维码登录',
  back: '重新选择企业',
  notConfigured: '未配置企业微信，暂不能扫码登录',
  cas: '使用统一身份认证（CAS）登录',
} as const;

export const QR_FRAME_SIZE = { width: 320, height: 420 } as const;

export function QrLoginPanel() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectThirdPartySettings);
  const corps = useAppSelector(selectCorps);
  const searching = useAppSelector(selectCorpSearching);
  const busy = useAppSelector(selectThirdPartyBusy);
  const [chosen, setChosen] = useState<CorpSummary | null>(null);

  // The parties' addresses (WeCom's web host) are loaded when the panel first shows.
  useEffect(() => {
    dispatch(settingsRequested());
  }, [dispatch]);

  const origin = window.location.origin;
  const cas = settings?.casUrl ? (
    <Button
      type="link"
      block
      loading={busy}
      onClick={() => dispatch(casLoginRequested({ service: `${origin}${LOGIN_PATH}` }))}
    >
      {QR_PANEL_TEXTS.cas}
    </Button>
  ) : null;

  if (chosen && settings?.wecomWebUrl) {
    return (
      <div style={{ textAlign: 'center' }}>
        <Typography.Text strong>{chosen.name}</Typography.Text>
        <div>
          <Typography.Text type="secondary">{QR_PANEL_TEXTS.scanHint}</Typography.Text>
        </div>
        <iframe
          title="企业微信扫码登录"
          src={qrConnectUrl(settings.wecomWebUrl, chosen, origin)}
          width={QR_FRAME_SIZE.width}
          height={QR_FRAME_SIZE.height}
          style={{ border: 0, maxWidth: '100%' }}
        />
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => setChosen(null)}>
          {QR_PANEL_TEXTS.back}
        </Button>
      </div>
    );
  }

  return (
    <Spin spinning={settings === null}>
      {settings && !settings.wecomWebUrl ? (
        <Typography.Paragraph type="secondary">{QR_PANEL_TEXTS.notConfigured}</Typography.Paragraph>
      ) : (
        <>
          <Input.Search
            size="large"
            allowClear
            enterButton="搜索"
            placeholder={QR_PANEL_TEXTS.searchPlaceholder}
            loading={searching}
            onSearch={(keyword) => dispatch(companySearchRequested(keyword))}
          />
          {corps !== null && (
            <Flex vertical gap={8} style={{ marginTop: 8, maxHeight: 240, overflowY: 'auto' }}>
              {corps.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={QR_PANEL_TEXTS.noCorp} />
              ) : (
                corps.map((corp) => (
                  <Button key={corp.appId} block icon={<QrcodeOutlined />} onClick={() => setChosen(corp)}>
                    {corp.name}
                  </Button>
                ))
              )}
            </Flex>
          )}
        </>
      )}
      {cas}
    </Spin>
  );
}
