// The SMS channel of this deployment: the real gateway when SMS_* is configured, else the local simulator.
import type { SmsGatewayConfig } from '../../config';
import type { Database } from '../../db';
import type { SmsGateway, SmsTemplatePurpose } from './gateway';
import { HttpSmsGateway } from './httpGateway';
import { SIMULATED_TEMPLATE_CODES, SimulatedSmsGateway } from './simulatedGateway';

export interface SmsChannel {
  gateway: SmsGateway;
  /** The template of each kind of code; each receives the parameter `code`. */
  templateCodes: Record<SmsTemplatePurpose, string>;
  /** True for the local simulator, whose outbox a developer may read. */
  simulated: boolean;
}

export function createSmsChannel(config: SmsGatewayConfig | undefined, database: Database): SmsChannel {
  if (config) {
    return {
      gateway: new HttpSmsGateway(config),
      templateCodes: config.templateCodes,
      simulated: false,
    };
  }
  return {
    gateway: new SimulatedSmsGateway(database.db),
    templateCodes: SIMULATED_TEMPLATE_CODES,
    simulated: true,
  };
}

export {
  SmsDeliveryError,
  SMS_DELIVERY_FAILED_MESSAGE,
  type SmsGateway,
  type SmsMessage,
  type SmsPurpose,
  type SmsTemplatePurpose,
} from './gateway';
