/**
 * The insurer's staff settle a refund to a policyholder once their bank has answered, on the gateway's
 * own database (the SQLite file under DATA_DIR, or DATABASE_URL): the correction record in the portal
 * shows it refunded, or failed with why, at once. See docs/operator.md.
 *
 *   npx tsx scripts/settle-refund.ts --list
 *   npx tsx scripts/settle-refund.ts --refund RF2026112800001234 --refunded
 *   npx tsx scripts/settle-refund.ts --refund RF2026112800001234 --failed accountClosed
 */
import { loadConfig } from '@server/config';
import { settleRefund } from '@server/operator/settleRefund';

settleRefund(process.argv.slice(2), loadConfig(), console).then((code) => process.exit(code));
