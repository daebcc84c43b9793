import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, DialectName } from './database';
import type { DB } from './schema';
import { exclusively } from './startupLock';
import { foundation } from './migrations/0001_foundation';
import { core } from './migrations/0002_core';
import { policyArea } from './migrations/0100_policy';
import { policyTexts } from './migrations/0110_policy_texts';
import { claimReports } from './migrations/0120_claim_reports';
import { personal } from './migrations/0400_personal';
import { personalPay } from './migrations/0401_personal_pay';
import { personalTexts } from './migrations/0410_personal_texts';
import { portalSite } from './migrations/0430_portal_site';
import { corrections } from './migrations/0200_corrections';
import { service } from './migrations/0300_service';
import { paymentState } from './migrations/0500_payment_state';
import { security } from './migrations/0510_security';
import { correctionTexts } from './migrations/0520_correction_texts';
import { accounts } from './migrations/0530_accounts';
import { siteSurveyOnce } from './migrations/0540_site_survey_once';
import { policyPay } from './migrations/0550_policy_pay';
import { insuredCount } from './migrations/0560_insured_count';
import { sessionSignals } from './migrations/0570_session_signals';
import { reauthentication } from './migrations/0580_reauthentication';
import { refundAccounts } from './migrations/0590_refund_accounts';
import { paymentAttempt } from './migrations/0591_payment_attempt';
import { transferReceipt } from './migrations/0592_transfer_receipt';
import { readerTexts } from './migrations/0600_reader_texts';
import { propertyItems } from './migrations/0601_property_items';
import { healthDetails } from './migrations/0602_health_details';
import { deductibles } from './migrations/0605_deductibles';
import { auditTrail } from './migrations/0610_audit_trail';
import { companyRoles } from './migrations/0611_company_roles';
import { refund } from './migrations/0620_refund';
import { userInvitation } from './migrations/0625_user_invitation';
import { twoPersonApproval } from './migrations/0626_two_person_approval';
import { idType } from './migrations/0630_id_type';
import { certificate } from './migrations/0640_certificate';
import { memberRenewalInvoice } from './migrations/0660_member_renewal_invoice';
import { rosterReconciliation } from './migrations/0700_roster_reconciliation';
import { groupRenewal } from './migrations/0710_group_renewal';

/**
 * The migrations, in order. Each area adds its own file under ./migrations and one line here;
 * numbers are grouped by area (00xx foundation and the shared insurance data, 01xx policies, 02xx corrections, 03xx invoices/complaints/account,
 * 04xx personal centre, 05xx changes across areas) so that areas never collide.
 */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0002_core': core(dialect),
    '0100_policy': policyArea(dialect),
    '0110_policy_texts': policyTexts(dialect),
    '0120_claim_reports': claimReports(dialect),
    '0200_corrections': corrections(dialect),
    '0300_service': service(dialect),
    '0400_personal': personal(dialect),
    '0401_personal_pay': personalPay(dialect),
    '0410_personal_texts': personalTexts(),
    '0430_portal_site': portalSite(dialect),
    '0500_payment_state': paymentState(),
    '0510_security': security(dialect),
    '0520_correction_texts': correctionTexts(dialect),
    '0530_accounts': accounts(dialect),
    '0540_site_survey_once': siteSurveyOnce(),
    '0550_policy_pay': policyPay(dialect),
    '0560_insured_count': insuredCount(dialect),
    '0570_session_signals': sessionSignals(dialect),
    '0580_reauthentication': reauthentication(dialect),
    '0590_refund_accounts': refundAccounts(),
    '0591_payment_attempt': paymentAttempt(dialect),
    '0592_transfer_receipt': transferReceipt(dialect),
    '0600_reader_texts': readerTexts(),
    '0601_property_items': propertyItems(),
    '0602_health_details': healthDetails(),
    '0605_deductibles': deductibles(),
    '0610_audit_trail': auditTrail(dialect),
    '0611_company_roles': companyRoles(),
    '0620_refund': refund(dialect),
    '0625_user_invitation': userInvitation(dialect),
    '0626_two_person_approval': twoPersonApproval(),
    '0630_id_type': idType(dialect),
    '0640_certificate': certificate(dialect),
    '0660_member_renewal_invoice': memberRenewalInvoice(),
    '0700_roster_reconciliation': rosterReconciliation(dialect),
    '0710_group_renewal': groupRenewal(dialect),
  };
}

/**
 * Brings the database to the latest migration. Several gateways may start at once: on PostgreSQL
 * the caller holds the start-up lock (startupLock.ts) and Kysely's own lock guards the rest; on SQLite,
 * where Kysely takes no lock, the migrations run in one exclusive transaction.
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(database.dialect) };
  const migrate = async (db: Kysely<DB>) => {
    const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  return database.dialect === 'sqlite' ? exclusively(database.db, migrate) : migrate(database.db);
}
