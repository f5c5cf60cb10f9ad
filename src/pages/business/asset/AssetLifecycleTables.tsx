// The asset drawer's 押金, 投放协议 (协议正文, 下载PDF) and 交接记录 sections (0033).
import { useState } from 'react';
import { Button, Modal, Table, Typography } from 'antd';
import {
  assetAgreementHtml,
  downloadAssetAgreement,
  type AssetAgreementRecord,
  type AssetDepositRecord,
  type AssetHandoverRecord,
} from '../../../api/assets';
import { AgreementHtml } from '../agreement/AgreementHtml';

const money = (value: string) => `¥${Number(value).toFixed(2)}`;

export function AssetLifecycleTables({
  deposits,
  agreements,
  handovers,
}: {
  deposits: AssetDepositRecord[];
  agreements: AssetAgreementRecord[];
  handovers: AssetHandoverRecord[];
}) {
  const [text, setText] = useState<{ title: string; html: string } | null>(null);
  const showText = async (agreement: AssetAgreementRecord) => {
    const answer = await assetAgreementHtml(agreement.id);
    if (answer.success) setText({ title: `投放协议 ${agreement.agreementNo}`, html: answer.result.html });
  };
  return (
    <>
      {deposits.length > 0 && (
        <div>
          <Typography.Title level={5}>押金</Typography.Title>
          <Table<AssetDepositRecord>
            size="small"
            rowKey="id"
            dataSource={deposits}
            pagination={false}
            columns={[
              { title: '申请编号', dataIndex: 'applyNo' },
              { title: '门店', dataIndex: 'customerName' },
              { title: '金额', dataIndex: 'amount', render: money },
              { title: '方式', dataIndex: 'method_dictText', render: (v: string | null) => v ?? '—' },
              { title: '收款单号', dataIndex: 'referenceNo', render: (v: string | null) => v ?? '—' },
              {
                title: '状态',
                dataIndex: 'status_dictText',
                render: (label: string, row) => (row.waiveReason ? `${label}：${row.waiveReason}` : label),
              },
              { title: '收取时间', dataIndex: 'receivedAt' },
              { title: '退还时间', dataIndex: 'refundedAt', render: (v: string | null) => v ?? '—' },
            ]}
          />
        </div>
      )}
      {agreements.length > 0 && (
        <div>
          <Typography.Title level={5}>投放协议</Typography.Title>
          <Table<AssetAgreementRecord>
            size="small"
            rowKey="id"
            dataSource={agreements}
            pagination={false}
            columns={[
              { title: '协议编号', dataIndex: 'agreementNo' },
              { title: '门店', dataIndex: 'customerName' },
              {
                title: '期限',
                render: (_: unknown, row) => `${row.startDate} 至 ${row.expireDate}`,
              },
              { title: '状态', dataIndex: 'status_dictText' },
              { title: '签署时间', dataIndex: 'signedAt', render: (v: string | null) => v ?? '—' },
              {
                title: '操作',
                render: (_: unknown, row) => (
                  <>
                    <Button type="link" size="small" onClick={() => void showText(row)}>
                      协议正文
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => void downloadAssetAgreement(row.id, `${row.agreementNo}.pdf`)}
                    >
                      下载PDF
                    </Button>
                  </>
                ),
              },
            ]}
          />
        </div>
      )}
      {handovers.length > 0 && (
        <div>
          <Typography.Title level={5}>交接记录</Typography.Title>
          <Table<AssetHandoverRecord>
            size="small"
            rowKey="id"
            dataSource={handovers}
            pagination={false}
            columns={[
              { title: '交出人', dataIndex: 'fromUserName', render: (v: string | null) => v ?? '—' },
              { title: '接收人', dataIndex: 'toUserName' },
              { title: '状态', dataIndex: 'status_dictText' },
              { title: '说明', dataIndex: 'remark', render: (v: string | null) => v ?? '—' },
              { title: '发起时间', dataIndex: 'createdAt' },
            ]}
          />
        </div>
      )}
      <Modal
        open={text !== null}
        title={text?.title}
        footer={null}
        width={720}
        onCancel={() => setText(null)}
      >
        {text && <AgreementHtml html={text.html} />}
      </Modal>
    </>
  );
}
