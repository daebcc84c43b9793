/**
 * The operator's complaint command printed what customers wrote as it was: a title carrying terminal
 * escape sequences could clear the operator's screen, retitle the terminal or hide text, and
 * direction marks could reverse what the operator reads. It prints user text with control
 * characters stripped.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { seedDemo } from '@server/demo/seed';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../../..');

describe('the operator’s complaint list', () => {
  it('prints titles and company names without control characters', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-operator-'));
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const database = openDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(database);
    await seedDemo(database.db, 'sqlite', loadConfig(env).fixturesDir);
    const user = await database.db
      .selectFrom('app_user')
      .select(['id', 'customer_id'])
      .where('username', '=', 'corp-hr')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await database.db
      .insertInto('opinion')
      .values({
        opinion_no: 'TS20261122000077',
        customer_id: user.customer_id,
        user_id: user.id,
        kind: 'complaint',
        type_code: 'claim',
        title: 'Slow\u001b[2J\u001b]0;owned\u0007 claim\u202eevil\rdone\u0000',
        content: 'x',
        contact_phone: null,
        state: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await database.destroy();

    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const list = await run(tsx, [path.join(root, 'scripts/reply-opinion.ts'), '--list'], { env, cwd: root });
    const line = list.stdout.split('\n').find((l) => l.startsWith('TS20261122000077')) ?? '';
    expect(line).toContain('Slow[2J]0;owned claimevil done');
    expect(line).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
