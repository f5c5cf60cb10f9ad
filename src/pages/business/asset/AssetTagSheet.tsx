// 打印标签: the QR tags of the selected assets on one printable sheet (the code is the asset number, which
// 扫码或输入资产编号 and the field app read), printed through PrintArea. The QR codes are antd's own (SVG, so
// the print frame's copy keeps them; a canvas would print blank).
import { Modal, QRCode } from 'antd';
import type { Asset } from '../../../api/assets';
import { PrintArea } from '../../../components/PrintArea';

const TAG_STYLE = {
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  width: 180,
  margin: 6,
  padding: 8,
  border: '1px dashed #bfbfbf',
  breakInside: 'avoid',
  textAlign: 'center',
} as const;

export function AssetTagSheet({ assets, onClose }: { assets: Asset[]; onClose: () => void }) {
  return (
    <Modal
      title={`打印标签（${assets.length} 个资产）`}
      open={assets.length > 0}
      width={860}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <PrintArea title="资产标签">
        <div>
          {assets.map((asset) => (
            <div key={asset.id} style={TAG_STYLE} data-testid="asset-tag">
              <QRCode value={asset.assetNo} type="svg" size={140} bordered={false} />
              <strong style={{ fontSize: 16, letterSpacing: 1 }}>{asset.assetNo}</strong>
              <span style={{ fontSize: 12 }}>
                {asset.assetType_dictText} · {asset.modelCode}
              </span>
            </div>
          ))}
        </div>
      </PrintArea>
    </Modal>
  );
}
