// A customer's photos: a slideshow (react-slick) with the photo viewer under it (thumbnails opening a
// preview, the chosen photo's facts and 疑似重复 mark, 下载所选 as a zip; choosing one shows it in the
// slideshow), and, with customer:edit, an upload of a new photo of a chosen kind to the attachment service
// (checked for type and size first; the server makes the thumbnail and looks for duplicates).
import { useRef, useState } from 'react';
import Slider from 'react-slick';
import 'slick-carousel/slick/slick.css';
import { Button, Empty, Image, Input, Progress, Select, Space, Upload } from 'antd';
import { LeftOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import { PHOTO_KIND } from '../../../../common/businessEnums';
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '../../../../common/files';
import { addCustomerPhoto, type CustomerPhoto } from '../../../api/customers';
import { uploadAttachment } from '../../../api/attachments';
import { useImageSource } from '../../../components/AuthImage';
import { HasPermission } from '../../../components/HasPermission';
import { settle } from '../../../components/form/settle';
import { PhotoGallery, type GalleryPhoto } from '../../../components/photos/PhotoGallery';
import { toast } from '../../../utils/notifier';

const captionOf = (photo: CustomerPhoto) => photo.title ?? photo.kind_dictText ?? photo.kind;

function Slide({ photo }: { photo: CustomerPhoto }) {
  const source = useImageSource(photo.url);
  return (
    <div>
      <div style={{ textAlign: 'center', padding: 8 }}>
        <Image src={source} alt={captionOf(photo)} height={240} style={{ objectFit: 'contain' }} />
        <div>
          {captionOf(photo)}
          {photo.capturedAt ? ` · ${photo.capturedAt.slice(0, 16)}` : ''}
        </div>
      </div>
    </div>
  );
}

function PhotoUpload({ customerId, onAdded }: { customerId: string; onAdded: () => void }) {
  const [kind, setKind] = useState('DOOR');
  const [title, setTitle] = useState('');
  const [percent, setPercent] = useState<number | null>(null);

  const send = async (file: File) => {
    if (!IMAGE_ACCEPT.split(',').includes(file.type)) return toast('warning', IMAGE_TYPE_MESSAGE);
    if (file.size > IMAGE_MAX_BYTES) return toast('warning', IMAGE_TOO_LARGE_MESSAGE);
    setPercent(0);
    try {
      const uploaded = await uploadAttachment(
        file,
        { bizType: 'CUSTOMER', bizId: customerId, kind, source: 'ALBUM' },
        setPercent,
      );
      if (!uploaded.success) return toast('warning', uploaded.message || '上传失败');
      const added = await settle(
        addCustomerPhoto({ customerId, kind, url: uploaded.result.url, title: title.trim() || null }),
      );
      if (added) {
        setTitle('');
        onAdded();
      }
    } catch {
      // shown by the HTTP error saga
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space wrap style={{ marginTop: 12, display: 'flex' }}>
      <Select
        aria-label="照片类型"
        value={kind}
        onChange={setKind}
        style={{ width: 110 }}
        options={Object.entries(PHOTO_KIND).map(([value, label]) => ({ value, label }))}
      />
      <Input
        placeholder="说明（选填）"
        value={title}
        maxLength={64}
        onChange={(event) => setTitle(event.target.value)}
        style={{ width: 160 }}
      />
      <Upload
        accept={IMAGE_ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={percent !== null}>
          上传照片
        </Button>
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" style={{ width: 120 }} />}
    </Space>
  );
}

export const galleryPhotoOf = (photo: CustomerPhoto): GalleryPhoto => ({
  id: photo.id,
  url: photo.url,
  thumbUrl: photo.thumbUrl,
  caption: captionOf(photo),
  capturedAt: photo.capturedAt,
  attachment: photo.attachment,
});

export function CustomerPhotos({
  customerId,
  zipName = '客户照片',
  photos,
  onChanged,
}: {
  customerId: string;
  /** The name of 下载所选's zip. */
  zipName?: string;
  /** null while loading. */
  photos: CustomerPhoto[] | null;
  onChanged: () => void;
}) {
  const slider = useRef<Slider>(null);
  const [shown, setShown] = useState(0);
  return (
    <div>
      {photos === null ? null : photos.length === 0 ? (
        <Empty description="暂无照片" />
      ) : (
        <>
          <div style={{ background: '#f5f5f5', position: 'relative' }} aria-label="照片轮播">
            <Slider
              ref={slider}
              dots={false}
              arrows={false}
              infinite={photos.length > 1}
              afterChange={setShown}
            >
              {photos.map((photo) => (
                <Slide key={photo.id} photo={photo} />
              ))}
            </Slider>
            {photos.length > 1 && (
              <>
                <Button
                  shape="circle"
                  icon={<LeftOutlined />}
                  aria-label="上一张"
                  onClick={() => slider.current?.slickPrev()}
                  style={{ position: 'absolute', left: 8, top: '45%' }}
                />
                <Button
                  shape="circle"
                  icon={<RightOutlined />}
                  aria-label="下一张"
                  onClick={() => slider.current?.slickNext()}
                  style={{ position: 'absolute', right: 8, top: '45%' }}
                />
              </>
            )}
          </div>
          <div style={{ marginTop: 8 }}>
            <PhotoGallery
              photos={photos.map(galleryPhotoOf)}
              zipName={zipName}
              onChoose={(index) => {
                slider.current?.slickGoTo(index);
                setShown(index);
              }}
              chosenIndex={shown}
            />
          </div>
        </>
      )}
      <HasPermission code="customer:edit">
        <PhotoUpload customerId={customerId} onAdded={onChanged} />
      </HasPermission>
    </div>
  );
}
