// Excel import of a list page: pick a .xlsx, watch the upload's progress and then the server's check (an import
// job, docs/jobs-api.md), then either the server's count (`导入成功：共 n 条`) or the result of the refused import:
// its counts, its row-by-row report of what is wrong (nothing was imported), the error file (the rows as uploaded
// with an 错误原因 column) and the way to 导入记录, where every import is kept. A large file whose job outlasts
// the request goes on in the background: the dialog closes and the header's progress bar follows the job.
import { useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { Envelope } from '../../../common/contract';
import { IMPORT_MAX_BYTES, type ImportAnswer } from '../../../common/excelImport';
import { DOWNLOAD_CENTER_PATH } from '../../../common/jobs';
import type { UploadProgress } from '../../api/http';
import { downloadJobFile } from '../../api/jobs';
import { navigateTo } from '../../router/navigator';
import { toast } from '../../utils/notifier';

export interface ImportExcelModalProps {
  title: string;
  open: boolean;
  onClose: () => void;
  upload: (file: File, onProgress: UploadProgress) => Promise<Envelope<ImportAnswer | null>>;
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
  const [refusal, setRefusal] = useState<{
    message: string;
    report: ImportAnswer | null;
  } | null>(null);

  const send = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      setRefusal({ message: '文件不能超过 10 MB', report: null });
      return;
    }
    setRefusal(null);
    setPercent(0);
    try {
      const answer = await upload(file, setPercent);
      if (answer.success && answer.result?.queued) {
        toast('info', answer.message);
        onClose();
      } else if (answer.success) {
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
  const report = refusal?.report;
  const jobId = report?.jobId;
  const openImportRecords = () => {
    onClose();
    navigateTo(`${DOWNLOAD_CENTER_PATH}?category=IMPORT`);
  };
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
        {percent !== null && (
          <div>
            <Progress percent={percent} status="active" aria-label="上传进度" />
            {percent >= 100 && <Typography.Text type="secondary">上传完成，正在校验并导入…</Typography.Text>}
          </div>
        )}
        {refusal && <Alert type="error" showIcon title={refusal.message} />}
        {report?.totalRows !== undefined && (
          <Space wrap aria-label="导入结果">
            <Typography.Text>
              共 {report.totalRows} 行，有误 {report.failedRows ?? 0} 行（{report.errorCount ?? 0} 处），导入{' '}
              {report.imported ?? 0} 行
            </Typography.Text>
            {jobId && (report.errorCount ?? 0) > 0 && (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() =>
                  void downloadJobFile({ id: jobId, fileName: `${title}错误数据.xlsx` }).catch(
                    () => undefined,
                  )
                }
              >
                下载错误文件
              </Button>
            )}
            {jobId && (
              <Button size="small" type="link" onClick={openImportRecords}>
                查看导入记录
              </Button>
            )}
          </Space>
        )}
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
