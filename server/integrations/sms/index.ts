// The SMS channel of this deployment: the real gateway when SMS_* is configured, else the local simulator.
import type { SmsGatewayConfig } from '../../config';
import type { Database } from '../../db';
import type { SmsGateway } from './gateway';
import { HttpSmsGateway } from './httpGateway';
import { SIMULATED_LOGIN_TEMPLATE, SimulatedSmsGateway } from './simulatedGateway';

export interface SmsChannel {
  gateway: SmsGateway;
  /** The template that carries the login code (parameter `code`). */
  loginTemplateCode: string;
  /** True for the local simulator, whose outbox a developer may read. */
  simulated: boolean;
}

export function createSmsChannel(config: SmsGatewayConfig | undefined, database: Database): SmsChannel {
  if (config) {
    return {
      gateway: new HttpSmsGateway(config),
      loginTemplateCode: config.loginTemplateCode,
      simulated: false,
    };
  }
  return {
    gateway: new SimulatedSmsGateway(database.db),
    loginTemplateCode: SIMULATED_LOGIN_TEMPLATE,
    simulated: true,
  };
}

export { SmsDeliveryError, SMS_DELIVERY_FAILED_MESSAGE, type SmsGateway, type SmsMessage } from './gateway';
