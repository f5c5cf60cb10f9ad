// A record's image as a small square thumbnail (the server-made one for stored images); a click shows the
// full picture in a preview.
import { useState } from 'react';
import { Modal } from 'antd';
import { thumbnailUrlOf } from '../../common/files';
import { AuthImage } from './AuthImage';

export function ImageThumbnail({ url, alt, size = 48 }: { url: string; alt: string; size?: number }) {
  const [previewing, setPreviewing] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={`查看图片 ${alt}`}
        onClick={() => setPreviewing(true)}
        style={{
          padding: 0,
          border: 0,
          background: '#f5f5f5',
          cursor: 'zoom-in',
          lineHeight: 0,
          borderRadius: 4,
        }}
      >
        <AuthImage
          src={thumbnailUrlOf(url)}
          alt={alt}
          width={size}
          height={size}
          style={{ objectFit: 'cover', borderRadius: 4 }}
        />
      </button>
      <Modal
        open={previewing}
        footer={null}
        onCancel={() => setPreviewing(false)}
        title={alt}
        destroyOnHidden
      >
        <div style={{ textAlign: 'center' }}>
          <AuthImage src={url} alt={alt} style={{ maxWidth: '100%' }} />
        </div>
      </Modal>
    </>
  );
}
