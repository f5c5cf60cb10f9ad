// The photo viewer: thumbnails fetched with the token, the chosen photo's facts, the 疑似重复 mark from the
// attachment service, and 下载所选 zipping the chosen attachments (photos kept as a url alone cannot be).
import { render, screen, waitFor, within } from '@testing-library/react';
import * as attachmentsApi from '../../src/api/attachments';
import * as filesApi from '../../src/api/files';
import { PhotoGallery, galleryPhotoOf, sizeText } from '../../src/components/photos/PhotoGallery';
import { attachmentFixture as attachment } from '../support/attachmentFixture';
import { buttonByText, setupUser } from '../support/signIn';

jest.mock('../../src/api/attachments');
jest.mock('../../src/api/files', () => ({
  ...jest.requireActual<typeof filesApi>('../../src/api/files'),
  fetchImage: jest.fn(),
}));
const api = jest.mocked(attachmentsApi);
const files = jest.mocked(filesApi);

const first = 'a'.repeat(32);
const second = 'b'.repeat(32);

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:photo');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  files.fetchImage.mockResolvedValue(new Blob(['x'], { type: 'image/webp' }));
  api.downloadAttachmentsZip.mockResolvedValue('门店照片.zip');
});
afterEach(() => jest.clearAllMocks());

it('shows the thumbnails with the token, the chosen photo’s facts and the 疑似重复 mark', async () => {
  const user = setupUser();
  render(
    <PhotoGallery
      photos={[
        galleryPhotoOf(attachment(first)),
        galleryPhotoOf(
          attachment(second, {
            kind: 'DISPLAY',
            source: 'ALBUM',
            lat: null,
            lng: null,
            accuracy: null,
            address: null,
            watermarkText: null,
            duplicate: {
              kind: 'NEAR',
              distance: 3,
              attachmentId: 'c'.repeat(32),
              bizType: 'CUSTOMER',
              bizId: 'c9',
              capturedAt: '2026-10-01 10:00:00',
            },
          }),
        ),
      ]}
    />,
  );
  const thumb = await screen.findByAltText('缩略图 门头照');
  await waitFor(() => expect(thumb).toHaveAttribute('src', 'blob:photo'));
  expect(files.fetchImage).toHaveBeenCalledWith(`/sys/attachment/thumbnail/${first}`);
  const facts = screen.getByLabelText('照片信息');
  expect(facts).toHaveTextContent('2026-11-20 09:30:00');
  expect(facts).toHaveTextContent('113.264, 23.129（±12.5 米）');
  expect(facts).toHaveTextContent('广州市天河区体育西路1号');
  expect(facts).toHaveTextContent('拍照');
  expect(facts).toHaveTextContent('张伟 2026-11-20 09:30 老王便利店');
  expect(facts).toHaveTextContent('1280×960 · 240 KB');
  const display = screen.getByLabelText('第2张：陈列照');
  expect(within(display).getByText('疑似重复')).toBeInTheDocument();
  expect(within(screen.getByLabelText('第1张：门头照')).queryByText('疑似重复')).toBeNull();

  await user.click(within(display).getByText('陈列照'));
  expect(display).toHaveAttribute('aria-current', 'true');
  const chosen = screen.getByLabelText('照片信息');
  expect(chosen).toHaveTextContent('相册');
  expect(chosen).toHaveTextContent('相似照片曾于 2026-10-01 10:00:00 上传');
});

it('zips the chosen attachments; a photo kept as a url shows but cannot be chosen', async () => {
  const user = setupUser();
  render(
    <PhotoGallery
      zipName="门店照片"
      photos={[
        galleryPhotoOf(attachment(first)),
        galleryPhotoOf(attachment(second)),
        { id: 'old', url: 'https://img.example.com/door.jpg', caption: '营业执照' },
      ]}
    />,
  );
  const download = buttonByText(/下载所选/);
  expect(download).toBeDisabled();
  expect(within(screen.getByLabelText('第3张：营业执照')).queryByRole('checkbox')).toBeNull();
  expect(screen.getByLabelText('第3张：营业执照')).not.toHaveTextContent('疑似重复');
  await user.click(within(screen.getByLabelText('第1张：门头照')).getByRole('checkbox'));
  expect(buttonByText(/下载所选（1）/)).toBeEnabled();
  await user.click(buttonByText(/下载所选/));
  await waitFor(() => expect(api.downloadAttachmentsZip).toHaveBeenCalledWith([first], '门店照片'));

  await user.click(screen.getByRole('checkbox', { name: '全选' }));
  await user.click(buttonByText(/下载所选（2）/));
  await waitFor(() =>
    expect(api.downloadAttachmentsZip).toHaveBeenLastCalledWith([first, second], '门店照片'),
  );
});

it('says when there is no photo, and sizes bytes as people read them', () => {
  render(<PhotoGallery photos={[]} emptyText="暂无门头照" />);
  expect(screen.getByText('暂无门头照')).toBeInTheDocument();
  expect([sizeText(900), sizeText(245_760), sizeText(3_250_000)]).toEqual(['900 B', '240 KB', '3.1 MB']);
});
