// Numbered migrations, listed statically so that they bundle and run the same everywhere.
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-members';
import * as m0004 from './0004-search-listing';
import * as m0005 from './0005-likes';
import * as m0006 from './0006-search-index-feed';
import * as m0007 from './0007-search-traits-feed';
import * as m0008 from './0008-credit-ledger-and-payments';
import * as m0009 from './0009-swipes-and-auto-likes';
import * as m0010 from './0010-chat';
import * as m0011 from './0011-offers';
import * as m0012 from './0012-direct-debit';
import * as m0013 from './0013-operators';
import * as m0014 from './0014-payment-intents';
import * as m0015 from './0015-job-queue';
import * as m0016 from './0016-notifications';
import * as m0017 from './0017-visits';
import * as m0018 from './0018-postbacks';
import * as m0019 from './0019-trust-and-safety';
import * as m0020 from './0020-invisible-since';
import * as m0022 from './0022-notification-rounds';
import * as m0023 from './0023-photo-moderation';
import * as m0025 from './0025-send-limits-and-reconciliation-order';
import * as m0033 from './0033-network-console';
import * as m0034 from './0034-network-staff-security';
import * as m0035 from './0035-network-drafts';
import * as m0036 from './0036-visit-bursts';
import * as m0037 from './0037-network-daily';
import * as m0038 from './0038-network-daily-chargebacks';
import * as m0039 from './0039-photo-screening';
import * as m0040 from './0040-outbox-priorities';
import * as m0041 from './0041-split-weights';
import * as m0042 from './0042-notification-kinds-on';
import * as m0043 from './0043-tenant-versions';

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-accounts': m0002,
  '0003-members': m0003,
  '0004-search-listing': m0004,
  '0005-likes': m0005,
  '0006-search-index-feed': m0006,
  '0007-search-traits-feed': m0007,
  '0008-credit-ledger-and-payments': m0008,
  '0009-swipes-and-auto-likes': m0009,
  '0010-chat': m0010,
  '0011-offers': m0011,
  '0012-direct-debit': m0012,
  '0013-operators': m0013,
  '0014-payment-intents': m0014,
  '0015-job-queue': m0015,
  '0016-notifications': m0016,
  '0017-visits': m0017,
  '0018-postbacks': m0018,
  '0019-trust-and-safety': m0019,
  '0020-invisible-since': m0020,
  '0022-notification-rounds': m0022,
  '0023-photo-moderation': m0023,
  '0025-send-limits-and-reconciliation-order': m0025,
  '0033-network-console': m0033,
  '0034-network-staff-security': m0034,
  '0035-network-drafts': m0035,
  '0036-visit-bursts': m0036,
  '0037-network-daily': m0037,
  '0038-network-daily-chargebacks': m0038,
  '0039-photo-screening': m0039,
  '0040-outbox-priorities': m0040,
  '0041-split-weights': m0041,
  '0042-notification-kinds-on': m0042,
  '0043-tenant-versions': m0043,
};
