// The import dialog: the upload's progress, then the server's check; a refused import shows its counts,
// the row report, the error file of its 导入记录 entry and the way there; an accepted one closes and reloads.
import { render, screen, waitFor, within } from '@testing-library/react';
import type { Envelope } from '../../common/contract';
import type { ImportAnswer } from '../../common/excelImport';
import * as jobsApi from '../../src/api/jobs';
import * as navigator from '../../src/router/navigator';
import * as notifier from '../../src/utils/notifier';
import { ImportExcelModal } from '../../src/components/table/ImportExcelModal';
import { buttonByText, ok, refused, setupUser } from '../support/signIn';

jest.mock('../../src/api/jobs');
jest.mock('../../src/router/navigator');
// The dialog reports through the app's notifier, which the app shell mounts; here it is watched instead.
jest.mock('../../src/utils/notifier');
const jobs = jest.mocked(jobsApi);
const navigate = jest.mocked(navigator);

type Answer = Envelope<ImportAnswer | null>;

function renderModal(upload: (file: File, onProgress: (percent: number) => void) => Promise<Answer>) {
  const onClose = jest.fn();
  const onImported = jest.fn();
  render(
    <ImportExcelModal
      title="导入客户"
      open
      onClose={onClose}
      upload={upload}
      downloadTemplate={jest.fn()}
      onImported={onImported}
    />,
  );
  const dialog = screen.getByRole('dialog');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  return { dialog, input, onClose, onImported };
}

afterEach(() => jest.clearAllMocks());

it('shows the server at work once uploaded, then the refused import’s counts, rows and error file', async () => {
  const user = setupUser();
  jobs.downloadJobFile.mockResolvedValue('客户导入错误数据.xlsx');
  let answer!: (envelope: Answer) => void;
  const { dialog, input, onImported, onClose } = renderModal((_file, onProgress) => {
    onProgress(100);
    return new Promise((resolve) => {
      answer = resolve;
    });
  });
  await user.upload(input, new File(['x'], 'customers.xlsx'));
  expect(await within(dialog).findByText('上传完成，正在校验并导入…')).toBeInTheDocument();
  answer({
    ...refused('导入失败：2 行有误（共 3 处），未导入任何数据'),
    result: {
      fileName: 'customers.xlsx',
      totalRows: 120,
      imported: 0,
      failedRows: 2,
      errorCount: 3,
      errors: [{ rowNo: 3, column: '客户类型*', value: '超市', message: '不在可选值中' }],
      jobId: 'j1',
    },
  });
  expect(await within(dialog).findByLabelText('导入结果')).toHaveTextContent(
    '共 120 行，有误 2 行（3 处），导入 0 行',
  );
  expect(within(dialog).queryByText('上传完成，正在校验并导入…')).toBeNull();
  expect(within(dialog).getByText('不在可选值中')).toBeInTheDocument();
  await user.click(buttonByText('下载错误文件', dialog));
  await waitFor(() =>
    expect(jobs.downloadJobFile).toHaveBeenCalledWith({ id: 'j1', fileName: '导入客户错误数据.xlsx' }),
  );
  await user.click(buttonByText('查看导入记录', dialog));
  expect(navigate.navigateTo).toHaveBeenCalledWith('/eDownload/list?category=IMPORT');
  expect(onClose).toHaveBeenCalled();
  expect(onImported).not.toHaveBeenCalled();
});

it('closes and reloads the list after an accepted import', async () => {
  const user = setupUser();
  const { input, onImported, onClose } = renderModal(async (_file, onProgress) => {
    onProgress(100);
    return ok(
      {
        fileName: 'c.xlsx',
        totalRows: 2,
        imported: 2,
        failedRows: 0,
        errorCount: 0,
        errors: [],
        jobId: 'j2',
      },
      '导入成功：共 2 条',
    );
  });
  await user.upload(input, new File(['x'], 'c.xlsx'));
  await waitFor(() => expect(onImported).toHaveBeenCalled());
  expect(onClose).toHaveBeenCalled();
});

it('closes without reloading when the import goes on in the background, and says where to follow it', async () => {
  const user = setupUser();
  const message = '文件较大，已转入后台导入，完成后可在下载中心的导入记录查看结果';
  const { input, onImported, onClose } = renderModal(async (_file, onProgress) => {
    onProgress(100);
    return ok({ jobId: 'j3', queued: true }, message);
  });
  await user.upload(input, new File(['x'], 'big.xlsx'));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(jest.mocked(notifier).toast).toHaveBeenCalledWith('info', message);
  expect(onImported).not.toHaveBeenCalled();
});
