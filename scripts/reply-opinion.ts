/**
 * The insurer's staff answer a complaint or suggestion, on the gateway's own database (the SQLite
 * file under DATA_DIR, or DATABASE_URL). See docs/operator.md.
 *
 *   npx tsx scripts/reply-opinion.ts --list
 *   npx tsx scripts/reply-opinion.ts --opinion TS20261122000001 --text "We have reviewed ..." [--staff "Ms Zhou"] [--close]
 */
import { loadConfig } from '@server/config';
import { replyOpinion } from '@server/operator/replyOpinion';

replyOpinion(process.argv.slice(2), loadConfig(), console).then((code) => process.exit(code));
