// A form control holding image URLs (value string[]): each upload is checked here first (type, size)
// and by the server again; thumbnails can be removed; the first image is the main one.
import { useState } from 'react';
import { App, Button, Progress, Space, Upload } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '../../../common/files';
import { uploadImage } from '../../api/files';
import { ImageThumbnail } from '../ImageThumbnail';

const TILE = 88;

export function ImageUploadField({
  value = [],
  onChange,
  max = 9,
  label = '图片',
}: {
  value?: string[];
  onChange?: (next: string[]) => void;
  max?: number;
  label?: string;
}) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File) => {
    if (!IMAGE_ACCEPT.split(',').includes(file.type)) return void message.error(IMAGE_TYPE_MESSAGE);
    if (file.size > IMAGE_MAX_BYTES) return void message.error(IMAGE_TOO_LARGE_MESSAGE);
    setProgress(0);
    try {
      const answer = await uploadImage(file, setProgress);
      if (answer.success) onChange?.([...value, answer.result.url]);
      else message.error(answer.message || '上传失败');
    } catch {
      // The HTTP layer has reported the failure.
    } finally {
      setProgress(null);
    }
  };

  return (
    <Space wrap size={8} className="image-upload-field">
      {value.map((url, index) => (
        <div key={url} style={{ position: 'relative', width: TILE, height: TILE }}>
          <ImageThumbnail url={url} alt={`${label}${index + 1}`} size={TILE} />
          <Button
            size="small"
            shape="circle"
            danger
            icon={<CloseOutlined />}
            aria-label={`删除${label}${index + 1}`}
            style={{ position: 'absolute', top: -6, right: -6 }}
            onClick={() => onChange?.(value.filter((each) => each !== url))}
          />
        </div>
      ))}
      {value.length < max && (
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          disabled={progress !== null}
          beforeUpload={(file) => {
            void upload(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <button
            type="button"
            aria-label={`上传${label}`}
            style={{
              width: TILE,
              height: TILE,
              border: '1px dashed #d9d9d9',
              borderRadius: 4,
              background: '#fafafa',
              cursor: 'pointer',
            }}
          >
            {progress === null ? (
              <>
                <PlusOutlined />
                <div style={{ marginTop: 4, fontSize: 12 }}>上传</div>
              </>
            ) : (
              <Progress type="circle" percent={progress} size={48} />
            )}
          </button>
        </Upload>
      )}
    </Space>
  );
}
