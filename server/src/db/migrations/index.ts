import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000Init } from './Migration20261123000000Init.js';
import { Migration20261123100000Marketplace } from './Migration20261123100000Marketplace.js';
import { Migration20261123300000Admin } from './Migration20261123300000Admin.js';
import { Migration20261123400000Payments } from './Migration20261123400000Payments.js';
import { Migration20261123200000Public } from './Migration20261123200000Public.js';
import { Migration20261123500000Analytics } from './Migration20261123500000Analytics.js';
import { Migration20261123610000PaymentRefunds } from './Migration20261123610000PaymentRefunds.js';
import { Migration20261123610000ArabicSearch } from './Migration20261123610000ArabicSearch.js';
import { Migration20261125100000InvoiceSnapshots } from './Migration20261125100000InvoiceSnapshots.js';
import { Migration20261125100000PaySandboxIds } from './Migration20261125100000PaySandboxIds.js';
import { Migration20261125300000ReviewListingChanges } from './Migration20261125300000ReviewListingChanges.js';
import { Migration20261125100000NewsletterDoubleOptIn } from './Migration20261125100000NewsletterDoubleOptIn.js';
import { Migration20261125170000AcctSessions } from './Migration20261125170000AcctSessions.js';
import { Migration20261125170100AcctPasswordReset } from './Migration20261125170100AcctPasswordReset.js';
import { Migration20261125200005ServiceBookings } from './Migration20261125200005ServiceBookings.js';
import { Migration20261125200104AcctProfile } from './Migration20261125200104AcctProfile.js';
import { Migration20261125200204AcctEmailChange } from './Migration20261125200204AcctEmailChange.js';
import { Migration20261125200304AcctDeletion } from './Migration20261125200304AcctDeletion.js';
import { Migration20261125220000SvcschedSchedule } from './Migration20261125220000SvcschedSchedule.js';
import { Migration20261125400000ServiceBookingPaymentsSvcpay } from './Migration20261125400000ServiceBookingPaymentsSvcpay.js';

/** Every migration, in order. Listed explicitly so the same list runs from source (tests) and from dist. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261123000000Init', class: Migration20261123000000Init },
  { name: 'Migration20261123100000Marketplace', class: Migration20261123100000Marketplace },
  { name: 'Migration20261123200000Public', class: Migration20261123200000Public },
  { name: 'Migration20261123300000Admin', class: Migration20261123300000Admin },
  { name: 'Migration20261123400000Payments', class: Migration20261123400000Payments },
  { name: 'Migration20261123500000Analytics', class: Migration20261123500000Analytics },
  { name: 'Migration20261123610000PaymentRefunds', class: Migration20261123610000PaymentRefunds },
  { name: 'Migration20261123610000ArabicSearch', class: Migration20261123610000ArabicSearch },
  { name: 'Migration20261125100000InvoiceSnapshots', class: Migration20261125100000InvoiceSnapshots },
  { name: 'Migration20261125100000PaySandboxIds', class: Migration20261125100000PaySandboxIds },
  { name: 'Migration20261125300000ReviewListingChanges', class: Migration20261125300000ReviewListingChanges },
  { name: 'Migration20261125100000NewsletterDoubleOptIn', class: Migration20261125100000NewsletterDoubleOptIn },
  { name: 'Migration20261125170000AcctSessions', class: Migration20261125170000AcctSessions },
  { name: 'Migration20261125170100AcctPasswordReset', class: Migration20261125170100AcctPasswordReset },
  { name: 'Migration20261125200005ServiceBookings', class: Migration20261125200005ServiceBookings },
  { name: 'Migration20261125200104AcctProfile', class: Migration20261125200104AcctProfile },
  { name: 'Migration20261125200204AcctEmailChange', class: Migration20261125200204AcctEmailChange },
  { name: 'Migration20261125200304AcctDeletion', class: Migration20261125200304AcctDeletion },
  { name: 'Migration20261125220000SvcschedSchedule', class: Migration20261125220000SvcschedSchedule },
  { name: 'Migration20261125400000ServiceBookingPaymentsSvcpay', class: Migration20261125400000ServiceBookingPaymentsSvcpay },
];
