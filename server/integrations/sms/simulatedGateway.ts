// The local simulator: "sends" by writing the text to the sms_outbox table, which a developer reads through
// GET /api/dev/sms/outbox to log in by phone without a real gateway.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SmsGateway, SmsMessage } from './gateway';

export const SIMULATED_LOGIN_TEMPLATE = 'SIMULATED_LOGIN';
export const SIMULATED_SIGN_NAME = '渠道数字化平台';

/** The texts the simulator knows, with `${name}` placeholders for the message's params. */
const TEMPLATES: Record<string, string> = {
  [SIMULATED_LOGIN_TEMPLATE]: '您的登录验证码为 ${code}，5分钟内有效，请勿泄露给他人。',
};

export class SimulatedSmsGateway implements SmsGateway {
  constructor(private readonly db: Kysely<DB>) {}

  async send({ mobile, templateCode, params }: SmsMessage): Promise<void> {
    const template = TEMPLATES[templateCode];
    if (template === undefined) throw new Error(`the SMS simulator has no template ${templateCode}`);
    const text = template.replace(/\$\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
    await this.db
      .insertInto('sms_outbox')
      .values({ mobile, content: `【${SIMULATED_SIGN_NAME}】${text}` })
      .execute();
  }
}
