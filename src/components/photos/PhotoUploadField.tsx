// A form control holding attachment ids (value string[]): photos uploaded through the attachment service under a
// business type (an asset's handover, a display agreement's signed paper or inspection), each shown as a tag.
import { useState } from 'react';
import { App, Button, Space, Tag, Upload } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '../../../common/files';
import { uploadAttachment } from '../../api/attachments';

export interface PhotoUploadFieldProps {
  value?: string[];
  onChange?: (next: string[]) => void;
  bizType: string;
  kind: string;
  bizId?: string;
  max?: number;
}

export function PhotoUploadField({
  value = [],
  onChange,
  bizType,
  kind,
  bizId,
  max = 9,
}: PhotoUploadFieldProps) {
  const { message } = App.useApp();
  const [names, setNames] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!IMAGE_ACCEPT.split(',').includes(file.type)) return void message.error(IMAGE_TYPE_MESSAGE);
    if (file.size > IMAGE_MAX_BYTES) return void message.error(IMAGE_TOO_LARGE_MESSAGE);
    setBusy(true);
    try {
      const answer = await uploadAttachment(file, { bizType, kind, bizId, source: 'ALBUM' });
      if (!answer.success) return void message.error(answer.message || '上传失败');
      setNames((known) => ({ ...known, [answer.result.id]: file.name }));
      onChange?.([...value, answer.result.id]);
    } catch {
      // The HTTP layer has reported the failure.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space wrap size={8}>
      {value.map((id, index) => (
        <Tag key={id} closable onClose={() => onChange?.(value.filter((each) => each !== id))}>
          {names[id] ?? `照片${index + 1}`}
        </Tag>
      ))}
      {value.length < max && (
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void upload(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<CameraOutlined />} loading={busy} aria-label="上传照片">
            上传照片
          </Button>
        </Upload>
      )}
    </Space>
  );
}
