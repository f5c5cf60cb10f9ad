// A released welcome announcement per demo tenant, to everyone: the bell has something to show at the first
// login, and tests can name a live announcement by its id.
import { sql } from 'kysely';
import { DEMO_TENANTS } from './tenants';
import { demoAnnouncementId } from './ids';
import type { SeedStep } from './index';

export const WELCOME_TITLE = '欢迎使用渠道数字化平台';

export const seedAnnouncements: SeedStep = async (trx) => {
  await trx
    .insertInto('sys_announcement')
    .values(
      DEMO_TENANTS.map(({ tenant_id: tenantId, name }) => ({
        tenant_id: tenantId,
        id: demoAnnouncementId(tenantId),
        titile: WELCOME_TITLE,
        msg_content:
          `<p>${name}的各位同事：</p><p>渠道数字化平台已上线。点击右上角的铃铛查看通知，` +
          '在“我的消息”中查看全部消息。</p>',
        priority: 'L' as const,
        msg_category: '1' as const,
        msg_type: 'ALL' as const,
        send_status: '1' as const,
        sender: 'admin',
        send_time: sql<Date>`now()`,
        create_by: 'admin',
      })),
    )
    .execute();
};
