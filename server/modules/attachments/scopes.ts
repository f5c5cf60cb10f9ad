// The business types whose attachments follow their object's data scope: a photo of a customer is seen by
// whoever sees the customer. Types not listed are guarded by the tenant alone.
import { AD_PHOTO_BIZ } from '../../../common/ads';
import { ASSET_PHOTO_BIZ } from '../../../common/assets';
import { POSM_PHOTO_BIZ } from '../../../common/posm';
import { REPAIR_PHOTO_BIZ } from '../../../common/repairs';
import { adById } from '../ads/service';
import { requestById } from '../posm/requests';
import { DISPLAY_PHOTO_BIZ } from '../../../common/displays';
import { assetInScope } from '../assets/ledger';
import { agreementScopeCheck } from '../displays/agreements';
import { customerInScope } from '../customers/service';
import { dataScopeOf } from '../shared/dataScope';
import { orderInScope } from '../repairs/orders';
import { visitInScope } from '../visits/records';
import type { BizScopes } from './service';

export const BIZ_SCOPES: BizScopes = {
  CUSTOMER: async (db, caller, customerId) => {
    await customerInScope(
      db,
      caller.tenantId,
      await dataScopeOf(db, caller.tenantId, caller.userId),
      customerId,
    );
  },
  [ASSET_PHOTO_BIZ]: async (db, caller, assetId) => {
    await assetInScope(db, caller, assetId);
  },
  VISIT: visitInScope,
  // The approver of an application outside their scope sees its photos too, as adById lets them.
  [AD_PHOTO_BIZ]: async (db, caller, id) => {
    await adById(db, caller, id);
  },
  [POSM_PHOTO_BIZ]: async (db, caller, id) => {
    await requestById(db, caller, id);
  },
  [DISPLAY_PHOTO_BIZ]: agreementScopeCheck,
  [REPAIR_PHOTO_BIZ]: orderInScope,
};
