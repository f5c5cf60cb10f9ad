// New approval tasks reach their approvers at once over the push socket (a frame of kind 'approval': the
// SPA's bell and menu count reload, a notice offers 去审批). Sent after the step has committed; a push that
// fails loses nothing, the count is read again at the next poll.
import type { FastifyInstance } from 'fastify';
import { APPROVAL_PUSH_KIND } from '../../../common/approvals';
import type { TaskNotice } from './engine';

export async function publishTaskNotices(
  app: FastifyInstance,
  notices: readonly TaskNotice[],
): Promise<void> {
  for (const notice of notices) {
    try {
      await app.push.publish(
        { tenantId: notice.tenantId, userIds: notice.userIds },
        {
          cmd: 'user',
          kind: APPROVAL_PUSH_KIND,
          msgId: notice.instanceId,
          msgTxt: `待审批：${notice.title}`,
        },
      );
    } catch (error) {
      app.log.warn({ err: error }, 'push of a new approval task failed');
    }
  }
}
