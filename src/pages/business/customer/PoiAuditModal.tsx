// The POI audit of one pending outlet: the outlet (photos, map POI, the checks' reasons) beside the
// customers around it (distance, name similarity, likely duplicates) and a small plot of where they
// stand; then 通过 or 驳回 (a rejection needs its reason).
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Input, Modal, Row, Space, Spin, Table, Tag } from 'antd';
import {
  auditCustomer,
  poiAudit,
  type AuditAction,
  type NearbyCustomer,
  type PoiAudit,
} from '../../../api/customers';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { settle } from '../../../components/form/settle';
import { PhotoGallery } from '../../../components/photos/PhotoGallery';
import { galleryPhotoOf } from './CustomerPhotos';

const PLOT = 260;
const METRES_PER_DEGREE_LAT = 111_320;

/** Metres east/north of the centre (an equirectangular approximation; fine within a few hundred metres). */
export function offsetMetres(centre: { lng: number; lat: number }, point: { lng: number; lat: number }) {
  const east = (point.lng - centre.lng) * METRES_PER_DEGREE_LAT * Math.cos((centre.lat * Math.PI) / 180);
  const north = (point.lat - centre.lat) * METRES_PER_DEGREE_LAT;
  return { east, north };
}

function NearbyPlot({ audit }: { audit: PoiAudit }) {
  const { customer, poi, radiusM, rings, nearby } = audit;
  if (customer.lng === null || customer.lat === null)
    return <Alert type="warning" title="缺少经纬度，无法定位" />;
  const centre = { lng: customer.lng, lat: customer.lat };
  const scale = PLOT / 2 / radiusM;
  const at = (point: { lng: number; lat: number }) => {
    const { east, north } = offsetMetres(centre, point);
    return { x: PLOT / 2 + east * scale, y: PLOT / 2 - north * scale };
  };
  const poiAt = poi?.lng != null && poi.lat != null ? at({ lng: poi.lng, lat: poi.lat }) : null;
  return (
    <svg width={PLOT} height={PLOT} role="img" aria-label="周边分布" style={{ background: '#fafafa' }}>
      {[...rings, radiusM].map((ring) => (
        <g key={ring}>
          <circle
            cx={PLOT / 2}
            cy={PLOT / 2}
            r={ring * scale}
            fill="none"
            stroke="#d9d9d9"
            strokeDasharray="4 3"
          />
          <text x={PLOT / 2 + 2} y={PLOT / 2 - ring * scale + 12} fontSize={10} fill="#8c8c8c">
            {ring}m
          </text>
        </g>
      ))}
      {nearby.map((other) => {
        const { x, y } = at(other);
        return (
          <circle key={other.id} cx={x} cy={y} r={5} fill={other.likelyDuplicate ? '#ff4d4f' : '#faad14'}>
            <title>{`${other.name}（${other.distanceM}米）`}</title>
          </circle>
        );
      })}
      {poiAt && (
        <rect x={poiAt.x - 5} y={poiAt.y - 5} width={10} height={10} fill="#52c41a">
          <title>{`地图POI：${poi?.name}`}</title>
        </rect>
      )}
      <circle cx={PLOT / 2} cy={PLOT / 2} r={7} fill="#1677ff" stroke="#fff" strokeWidth={2} />
    </svg>
  );
}

export function PoiAuditModal({
  customerId,
  onClose,
  onAudited,
}: {
  customerId: string | null;
  onClose: () => void;
  onAudited: () => void;
}) {
  const [audit, setAudit] = useState<PoiAudit | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!customerId) return;
    let current = true;
    setAudit(null);
    setReason('');
    setReasonError(false);
    poiAudit(customerId)
      .then((answer) => current && answer.success && setAudit(answer.result))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [customerId]);

  const decide = async (action: AuditAction) => {
    if (!customerId) return;
    if (action === 'REJECT' && !reason.trim()) {
      setReasonError(true);
      return;
    }
    setBusy(true);
    const done = await settle(auditCustomer(customerId, action, reason.trim() || undefined));
    setBusy(false);
    if (done) {
      onClose();
      onAudited();
    }
  };

  const pending = audit?.customer.auditStatus === 'PENDING';
  return (
    <Modal
      title={audit ? `门店审核：${audit.customer.name}（${audit.customer.customerCode}）` : '门店审核'}
      open={customerId !== null}
      onCancel={onClose}
      width={1200}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button danger disabled={!pending} loading={busy} onClick={() => void decide('REJECT')}>
            驳回
          </Button>
          <Button type="primary" disabled={!pending} loading={busy} onClick={() => void decide('APPROVE')}>
            通过
          </Button>
        </Space>
      }
    >
      {!audit ? (
        <Spin />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {audit.reasons.length > 0 ? (
            <Alert type="warning" showIcon title="需人工判断" description={audit.reasons.join('；')} />
          ) : (
            <Alert type="success" showIcon title={audit.autoPass ? '校验通过，可自动通过' : '未发现异常'} />
          )}
          <Row gutter={16}>
            <Col span={9}>
              <Card size="small" title="待审门店">
                <Descriptions column={1} size="small">
                  <Descriptions.Item label="业态">{audit.customer.outletType ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="地址">{audit.customer.address ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="坐标">
                    {audit.customer.lng !== null ? `${audit.customer.lng}, ${audit.customer.lat}` : '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label="地图POI">
                    {audit.poi ? `${audit.poi.name}（相距 ${audit.poiDistanceM ?? '—'} 米）` : '未匹配'}
                  </Descriptions.Item>
                  <Descriptions.Item label="营业执照">
                    {audit.customer.businessLicenseNo ?? '—'}
                  </Descriptions.Item>
                </Descriptions>
                <PhotoGallery
                  photos={audit.photos.map(galleryPhotoOf)}
                  zipName={`${audit.customer.name}照片`}
                />
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small" title={`周边 ${audit.radiusM} 米`}>
                <NearbyPlot audit={audit} />
                <div style={{ fontSize: 12, color: '#8c8c8c' }}>
                  蓝：本店 绿：地图POI 红：疑似重复 黄：周边客户
                </div>
              </Card>
            </Col>
            <Col span={9}>
              <Card size="small" title={`周边相似客户（${audit.nearby.length}）`}>
                <Table<NearbyCustomer>
                  size="small"
                  rowKey="id"
                  dataSource={audit.nearby}
                  pagination={{ pageSize: 6 }}
                  locale={{ emptyText: '周边没有其他客户' }}
                  columns={[
                    {
                      title: '名称',
                      dataIndex: 'name',
                      render: (name: string, other) => (
                        <TwoLineCell
                          main={
                            <>
                              {name} {other.likelyDuplicate && <Tag color="red">疑似重复</Tag>}
                            </>
                          }
                          sub={`${other.customerCode} · ${other.auditStatus_dictText}`}
                        />
                      ),
                    },
                    { title: '距离', dataIndex: 'distanceM', render: (metres: number) => `${metres}米` },
                    {
                      title: '名称相似度',
                      dataIndex: 'similarity',
                      render: (similarity: number) => `${Math.round(similarity * 100)}%`,
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
          {pending && (
            <div>
              <Input.TextArea
                rows={2}
                maxLength={256}
                placeholder="审核意见（驳回时必填）"
                status={reasonError ? 'error' : undefined}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(false);
                }}
              />
              {reasonError && <div style={{ color: '#ff4d4f' }}>请填写驳回原因!</div>}
            </div>
          )}
        </Space>
      )}
    </Modal>
  );
}
