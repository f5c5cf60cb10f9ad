// The SMS gateway seen by the application: one method, a message by template. The real HTTP client and
// the local simulator both implement it; createSmsChannel picks one from the configuration.

/** What a code is for; each has its own template (smsmode '0', '1' and '2' of the reference contract). */
/** BUYER_LOGIN: a mall buyer's sign-in (issue #22), sent with the login template, good only for the buyer API. */
export type SmsPurpose = SmsTemplatePurpose | 'BUYER_LOGIN';
/** The purposes with a template of their own. */
export type SmsTemplatePurpose = 'LOGIN' | 'REGISTER' | 'RESET_PASSWORD';

export interface SmsMessage {
  mobile: string;
  /** The gateway's template id; the simulator knows its own (SIMULATED_TEMPLATE_CODES). */
  templateCode: string;
  params: Record<string, string>;
}

export interface SmsGateway {
  /** Resolves once the gateway has accepted the message; rejects with an SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export const SMS_DELIVERY_FAILED_MESSAGE = '短信发送失败，请稍后重试';

/**
 * The gateway refused or could not be reached. The message is for the user; `detail` (status, the
 * gateway's own code, the network error) is for the log. A raw network error never escapes a gateway:
 * the error handler would take its ECONNREFUSED for a database outage.
 */
export class SmsDeliveryError extends Error {
  // No `cause`: the error handler looks through causes for socket errors and would report a database outage.
  constructor(readonly detail: string) {
    super(SMS_DELIVERY_FAILED_MESSAGE);
    this.name = 'SmsDeliveryError';
  }
}
