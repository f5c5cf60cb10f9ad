// 异常拜访审核 in the 审批中心 drawer: the visit's photos below its summary, a duplicate marked as such.
import { screen, within } from '@testing-library/react';
import type { ApprovalDetail } from '../../../common/approvals';
import * as visitsApi from '../../../src/api/visits';
import { APPROVAL_DETAIL_SECTIONS } from '../../../src/pages/approval/ApprovalDrawer';
import { attachmentFixture as photo } from '../../support/attachmentFixture';
import { ok } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/visits');
jest.setTimeout(60000);

const visits = jest.mocked(visitsApi);

it('shows the flagged visit’s photos with their duplicate marks', async () => {
  visits.visitById.mockResolvedValue(
    ok({
      visitNo: 'VS9',
      photos: [
        photo('p1', { watermarkText: '门头 09:10' }),
        photo('p2', {
          watermarkText: '签退 09:12',
          duplicate: {
            attachmentId: 'p0',
            bizType: 'VISIT',
            bizId: 'v1',
            kind: 'EXACT',
            distance: 0,
            capturedAt: '2026-11-20 09:00:00',
          },
        }),
      ],
      timeline: [
        { kind: 'CHECK_IN', title: '签到', at: null, detail: null, photoIds: ['p1'] },
        { kind: 'CHECK_OUT', title: '签退', at: null, detail: null, photoIds: ['p2'] },
      ],
      execution: null,
    } as unknown as visitsApi.VisitDetail),
  );
  const Section = APPROVAL_DETAIL_SECTIONS.VISIT_ABNORMAL!;
  await renderSystemPage(<Section detail={{ bizId: 'v9' } as ApprovalDetail} />);
  expect(await screen.findByText('拜访照片')).toBeInTheDocument();
  // The shared gallery: each photo named by its step, the duplicate marked, the chosen one's watermark.
  expect(await screen.findByLabelText('第1张：签到')).toBeInTheDocument();
  expect(within(screen.getByLabelText('第2张：签退')).getByText('重复照片')).toBeInTheDocument();
  expect(screen.getByText('门头 09:10')).toBeInTheDocument();
  expect(visits.visitById).toHaveBeenCalledWith('v9');
});
