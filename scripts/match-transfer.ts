/**
 * The insurer's staff match a bank transfer that arrived to the payment it pays, by the reference the
 * payer wrote on it (the payment notice's), on the gateway's own database (the SQLite file under
 * DATA_DIR, or DATABASE_URL). Matching completes the payment as a payment at the cashier does: the
 * correction is in force at once in every view of the portal. See docs/operator.md.
 *
 *   npx tsx scripts/match-transfer.ts --list
 *   npx tsx scripts/match-transfer.ts --reference PY2026112806659686 --amount 1234.50
 */
import { loadConfig } from '@server/config';
import { matchTransfer } from '@server/operator/matchTransfer';

matchTransfer(process.argv.slice(2), loadConfig(), console).then((code) => process.exit(code));
