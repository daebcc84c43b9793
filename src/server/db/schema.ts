/** The database, one interface per area merged here (each area's tables live in ./tables). */
import type { AccountTables } from './tables/accounts';
import type { AuditTables } from './tables/audit';
import type { CertificateTables } from './tables/certificates';
import type { CoreTables } from './tables/core';
import type { CorrectionTables } from './tables/corrections';
import type { FoundationTables } from './tables/foundation';
import type { PaymentTables } from './tables/payments';
import type { PersonalTables } from './tables/personal';
import type { PolicyAreaTables } from './tables/policy';
import type { SecurityTables } from './tables/security';
import type { ServiceTables } from './tables/service';
import type { SiteTables } from './tables/site';

export interface DB
  extends
    FoundationTables,
    CoreTables,
    PolicyAreaTables,
    CorrectionTables,
    ServiceTables,
    PersonalTables,
    PaymentTables,
    SiteTables,
    SecurityTables,
    AccountTables,
    AuditTables,
    CertificateTables {}
