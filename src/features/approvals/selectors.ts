import type { RootState } from '../../store';

export const selectPendingApprovals = (state: RootState) => state.approvals.pending;

/** The menu path of the 审批中心: its entry (and the levels above it) shows the pending count. */
export const APPROVAL_CENTER_PATH = '/approval/center';
/** Who may open the 审批中心 (and read the count). */
export const APPROVAL_CENTER_PERMISSION = 'approval:center';
