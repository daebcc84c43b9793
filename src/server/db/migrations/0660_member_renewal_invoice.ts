import type { Kysely } from 'kysely';
import { addMenuEntry } from './menuEntries';

/**
 * Members renew their personal policies online (docs/personal-centre.md): the renewal order names the
 * policy it renews (member_order.renews_policy_no), and the policy its latest renewal order
 * (policy.renewal_order_no) and, once that order is paid, the policy that renewed it (policy.renewed_by).
 * Members' e-invoices get their page under My policies.
 */
export function memberRenewalInvoice() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('member_order').addColumn('renews_policy_no', 'text').execute();
      await db.schema.alterTable('policy').addColumn('renewal_order_no', 'text').execute();
      await db.schema.alterTable('policy').addColumn('renewed_by', 'text').execute();
      await addMenuEntry(db, 'personal', 'mypolicy', {
        name: 'invoiceList',
        component: 'PersonalInvoiceList',
        title: 'My e-invoices',
      });
    },
    async down(db: Kysely<any>) {
      await db
        .deleteFrom('menu_entry')
        .where('audience', '=', 'personal')
        .where('component', '=', 'PersonalInvoiceList')
        .execute();
      await db.schema.alterTable('policy').dropColumn('renewed_by').execute();
      await db.schema.alterTable('policy').dropColumn('renewal_order_no').execute();
      await db.schema.alterTable('member_order').dropColumn('renews_policy_no').execute();
    },
  };
}
