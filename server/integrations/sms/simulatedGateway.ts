// The local simulator: "sends" by writing the text to the sms_outbox table, which a developer reads through
// GET /api/dev/sms/outbox to log in by phone without a real gateway.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SmsGateway, SmsMessage, SmsTemplatePurpose } from './gateway';

export const SIMULATED_TEMPLATE_CODES: Record<SmsTemplatePurpose, string> = {
  LOGIN: 'SIMULATED_LOGIN',
  REGISTER: 'SIMULATED_REGISTER',
  RESET_PASSWORD: 'SIMULATED_RESET_PASSWORD',
};
export const SIMULATED_SIGN_NAME = '渠道数字化平台';

/** The texts the simulator knows, with `${name}` placeholders for the message's params. */
const TEMPLATES: Record<string, string> = {
  [SIMULATED_TEMPLATE_CODES.LOGIN]: '您的登录验证码为 ${code}，5分钟内有效，请勿泄露给他人。',
  [SIMULATED_TEMPLATE_CODES.REGISTER]: '您的注册验证码为 ${code}，5分钟内有效，请勿泄露给他人。',
  [SIMULATED_TEMPLATE_CODES.RESET_PASSWORD]:
    '您正在找回密码，验证码为 ${code}，5分钟内有效，请勿泄露给他人。',
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
