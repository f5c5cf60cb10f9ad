// 异常拜访审核 in the 审批中心 drawer: the visit's photos below its summary, a duplicate marked as such.
import { screen } from '@testing-library/react';
import type { ApprovalDetail } from '../../../common/approvals';
import * as visitsApi from '../../../src/api/visits';
import { APPROVAL_DETAIL_SECTIONS } from '../../../src/pages/approval/ApprovalDrawer';
import { ok } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/visits');
jest.setTimeout(60000);

const visits = jest.mocked(visitsApi);

it('shows the flagged visit’s photos with their duplicate marks', async () => {
  visits.visitById.mockResolvedValue(
    ok({
      photos: [
        { id: 'p1', kind: 'DOOR', duplicateKind: null, watermarkText: '门头 09:10' },
        { id: 'p2', kind: 'DOOR', duplicateKind: 'EXACT', watermarkText: '签退 09:12' },
      ],
    } as unknown as visitsApi.VisitDetail),
  );
  const Section = APPROVAL_DETAIL_SECTIONS.VISIT_ABNORMAL!;
  await renderSystemPage(<Section detail={{ bizId: 'v9' } as ApprovalDetail} />);
  expect(await screen.findByText('拜访照片')).toBeInTheDocument();
  expect(screen.getByAltText('门头 09:10')).toBeInTheDocument();
  expect(screen.getByAltText('签退 09:12')).toBeInTheDocument();
  expect(screen.getByText('重复照片')).toBeInTheDocument();
  expect(visits.visitById).toHaveBeenCalledWith('v9');
});
