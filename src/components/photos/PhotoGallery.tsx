// The photo viewer of every page that shows photos (issue #16): a gallery of thumbnails, each opening the
// full picture in a preview that pages through them all (zoom, rotate); the facts of the chosen photo
// (capture time, place, source, watermark, size) from the attachment service, a 疑似重复 mark where the
// service found the picture before; and a zip of the chosen photos (下载所选), streamed by the server.
// Photos kept only as a url (older records) show and preview but have no facts and cannot be zipped.
import { useMemo, useState } from 'react';
import { Button, Checkbox, Empty, Image, Space, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_KIND,
  ATTACHMENT_SOURCE,
  DUPLICATE_KIND,
  type Attachment,
} from '../../../common/attachments';
import { downloadAttachmentsZip } from '../../api/attachments';
import { useImageSource } from '../AuthImage';
import { DetailList } from '../DetailList';

export interface GalleryPhoto {
  id: string;
  url: string;
  thumbUrl?: string | null;
  /** What the photo shows (its kind or title). */
  caption: string;
  capturedAt?: string | null;
  /** The attachment service's facts, when the photo is one of its attachments. */
  attachment?: Attachment | null;
}

/** A photo of the attachment service as the gallery shows it. */
export const galleryPhotoOf = (attachment: Attachment): GalleryPhoto => ({
  id: attachment.id,
  url: attachment.url,
  thumbUrl: attachment.thumbUrl,
  caption: ATTACHMENT_KIND[attachment.kind] ?? attachment.kind,
  capturedAt: attachment.capturedAt,
  attachment,
});

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function DuplicateMark({ attachment }: { attachment: Attachment }) {
  const { duplicate } = attachment;
  if (!duplicate) return null;
  const detail =
    duplicate.kind === 'EXACT'
      ? `与 ${duplicate.capturedAt} 的照片完全相同`
      : `与 ${duplicate.capturedAt} 的照片相似（差异 ${duplicate.distance}/64）`;
  return (
    <Tooltip title={detail}>
      <Tag color={duplicate.kind === 'EXACT' ? 'red' : 'orange'} style={{ marginInlineEnd: 0 }}>
        {DUPLICATE_KIND[duplicate.kind]}
      </Tag>
    </Tooltip>
  );
}

function PhotoFacts({ photo }: { photo: GalleryPhoto }) {
  const { attachment } = photo;
  const captured = attachment?.capturedAt ?? photo.capturedAt;
  const items = [
    { label: '照片', content: photo.caption },
    { label: '拍摄时间', content: captured ?? '—' },
  ];
  if (attachment) {
    const place =
      attachment.lat !== null && attachment.lng !== null
        ? `${attachment.lng}, ${attachment.lat}${attachment.accuracy !== null ? `（±${attachment.accuracy} 米）` : ''}`
        : '—';
    items.push(
      { label: '位置', content: place },
      { label: '地址', content: attachment.address ?? '—' },
      { label: '来源', content: attachment.source ? ATTACHMENT_SOURCE[attachment.source] : '—' },
      { label: '水印', content: attachment.watermarkText ?? '—' },
      {
        label: '尺寸',
        content: `${attachment.width}×${attachment.height} · ${sizeText(attachment.byteSize)}`,
      },
      { label: '上传时间', content: attachment.createdAt },
    );
  }
  return (
    <div aria-label="照片信息">
      <DetailList col={2} items={items} />
      {attachment?.duplicate && (
        <Typography.Text type="warning">
          <DuplicateMark attachment={attachment} />{' '}
          {attachment.duplicate.kind === 'EXACT' ? '同一张照片' : '相似照片'}曾于{' '}
          {attachment.duplicate.capturedAt} 上传
        </Typography.Text>
      )}
    </div>
  );
}

function Thumbnail({
  photo,
  index,
  chosen,
  selected,
  onChoose,
  onSelect,
}: {
  photo: GalleryPhoto;
  index: number;
  chosen: boolean;
  selected: boolean;
  onChoose: () => void;
  onSelect?: (selected: boolean) => void;
}) {
  const thumb = useImageSource(photo.thumbUrl ?? photo.url);
  const full = useImageSource(photo.url);
  return (
    <div
      aria-label={`第${index + 1}张：${photo.caption}`}
      aria-current={chosen}
      style={{
        width: 132,
        padding: 4,
        border: `2px solid ${chosen ? '#1677ff' : '#f0f0f0'}`,
        borderRadius: 6,
      }}
    >
      <Image
        src={thumb}
        alt={`缩略图 ${photo.caption}`}
        width={120}
        height={90}
        style={{ objectFit: 'cover' }}
        preview={{ src: full }}
      />
      <Space size={4} wrap style={{ marginTop: 4 }}>
        {onSelect && (
          <Checkbox
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={`选择 ${photo.caption}`}
          />
        )}
        <Typography.Link onClick={onChoose} style={{ fontSize: 12 }}>
          {photo.caption}
        </Typography.Link>
        {photo.attachment && <DuplicateMark attachment={photo.attachment} />}
      </Space>
      {(photo.attachment?.capturedAt ?? photo.capturedAt) && (
        <div style={{ fontSize: 12, color: '#8c8c8c' }}>
          {(photo.attachment?.capturedAt ?? photo.capturedAt)?.slice(0, 16)}
        </div>
      )}
    </div>
  );
}

export function PhotoGallery({
  photos,
  zipName = '照片',
  emptyText = '暂无照片',
  chosenIndex,
  onChoose,
}: {
  photos: GalleryPhoto[];
  /** The zip's name, without .zip. */
  zipName?: string;
  emptyText?: string;
  /** The photo whose facts show, when the page follows it (a slideshow beside); else the gallery's own. */
  chosenIndex?: number;
  onChoose?: (index: number) => void;
}) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const zippable = useMemo(
    () => photos.flatMap((photo) => (photo.attachment ? [photo.attachment.id] : [])),
    [photos],
  );
  if (photos.length === 0) return <Empty description={emptyText} />;
  const chosen =
    (chosenIndex !== undefined ? photos[chosenIndex] : photos.find((photo) => photo.id === chosenId)) ??
    photos[0];
  const picked = zippable.filter((id) => selected.has(id));
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAttachmentsZip(picked, zipName);
    } catch {
      // shown by the HTTP error saga
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div aria-label="照片">
      {zippable.length > 0 && (
        <Space style={{ marginBottom: 8 }}>
          <Checkbox
            checked={picked.length === zippable.length}
            indeterminate={picked.length > 0 && picked.length < zippable.length}
            onChange={(event) => setSelected(new Set(event.target.checked ? zippable : []))}
          >
            全选
          </Checkbox>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            disabled={picked.length === 0}
            loading={downloading}
            onClick={() => void download()}
          >
            下载所选{picked.length > 0 ? `（${picked.length}）` : ''}
          </Button>
        </Space>
      )}
      <Image.PreviewGroup>
        <Space wrap size={8} align="start">
          {photos.map((photo, index) => (
            <Thumbnail
              key={photo.id}
              photo={photo}
              index={index}
              chosen={photo.id === chosen.id}
              selected={photo.attachment ? selected.has(photo.attachment.id) : false}
              onChoose={() => {
                setChosenId(photo.id);
                onChoose?.(index);
              }}
              onSelect={
                photo.attachment ? (on) => select((photo.attachment as Attachment).id, on) : undefined
              }
            />
          ))}
        </Space>
      </Image.PreviewGroup>
      <div style={{ marginTop: 12 }}>
        <PhotoFacts photo={chosen} />
      </div>
    </div>
  );
}
