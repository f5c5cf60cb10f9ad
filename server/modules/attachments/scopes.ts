// The business types whose attachments follow their object's data scope: a photo of a customer is seen by
// whoever sees the customer. Types not listed are guarded by the tenant alone.
import { customerInScope } from '../customers/service';
import { dataScopeOf } from '../shared/dataScope';
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
  VISIT: visitInScope,
};
