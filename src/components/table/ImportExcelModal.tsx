// Excel import of a list page: pick a .xlsx, watch the upload's progress, then either the server's
// count (`导入成功：共 n 条`) or its row-by-row report of what is wrong (nothing was imported).
import { useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { Envelope } from '../../../common/contract';
import { IMPORT_MAX_BYTES, type ImportReport } from '../../../common/excelImport';
import type { UploadProgress } from '../../api/http';
import { toast } from '../../utils/notifier';

export interface ImportExcelModalProps {
  title: string;
  open: boolean;
  onClose: () => void;
  upload: (file: File, onProgress: UploadProgress) => Promise<Envelope<Partial<ImportReport> | null>>;
  downloadTemplate: () => Promise<unknown>;
  /** After rows were imported (reload the list). */
  onImported: () => void;
}

export function ImportExcelModal({
  title,
  open,
  onClose,
  upload,
  downloadTemplate,
  onImported,
}: ImportExcelModalProps) {
  const [percent, setPercent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; report: Partial<ImportReport> | null } | null>(
    null,
  );

  const send = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      setRefusal({ message: '文件不能超过 10 MB', report: null });
      return;
    }
    setRefusal(null);
    setPercent(0);
    try {
      const answer = await upload(file, setPercent);
      if (answer.success) {
        toast('success', answer.message || '导入成功');
        onClose();
        onImported();
      } else {
        setRefusal({ message: answer.message || '导入失败', report: answer.result });
      }
    } catch {
      // Shown by the HTTP error saga.
    } finally {
      setPercent(null);
    }
  };

  const errors = refusal?.report?.errors ?? [];
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={760}
      destroyOnHidden
      afterClose={() => setRefusal(null)}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
          下载导入模板
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          disabled={percent !== null}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽 .xlsx 文件到此处导入</p>
          <p className="ant-upload-hint">全部行正确才会导入；有误时列出每一处错误</p>
        </Upload.Dragger>
        {percent !== null && <Progress percent={percent} status="active" aria-label="上传进度" />}
        {refusal && <Alert type="error" showIcon title={refusal.message} />}
        {errors.length > 0 && (
          <Table
            size="small"
            rowKey={(error) => `${error.rowNo}-${error.column}`}
            dataSource={errors}
            pagination={{ pageSize: 8 }}
            columns={[
              { title: '行号', dataIndex: 'rowNo', width: 70 },
              { title: '列', dataIndex: 'column', width: 120 },
              { title: '值', dataIndex: 'value', width: 140 },
              { title: '错误', dataIndex: 'message' },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
