import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { amountInWords, fenToFigures } from '@common/chineseAmount';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { seedDemo } from '@server/demo/seed';
import { replyOpinion } from '@server/operator/replyOpinion';

describe('amounts in Chinese capital words', () => {
  it.each([
    [0, '零元整'],
    [5, '伍分'],
    [50, '伍角'],
    [100, '壹元整'],
    [105, '壹元零伍分'],
    [137_800, '壹仟叁佰柒拾捌元整'],
    [1_234_560, '壹万贰仟叁佰肆拾伍元陆角'],
    [100_000_100, '壹佰万零壹元整'],
    [10_000_100_000, '壹亿零壹仟元整'],
    [1_000_000_000, '壹仟万元整'],
    [-2_000, '负贰拾元整'],
  ])('%i fen is %s', (fen, words) => {
    expect(amountInWords(fen)).toBe(words);
  });

  it('writes figures with two decimals', () => {
    expect(fenToFigures(137_800)).toBe('1378.00');
    expect(fenToFigures(5)).toBe('0.05');
    expect(fenToFigures(-1_050)).toBe('-10.50');
  });
});

describe('the operator reply command', () => {
  it('lists open complaints and replies to one on the gateway database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-operator-'));
    const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' });
    const database = openDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(database);
    await seedDemo(database.db, 'sqlite', config.fixturesDir);
    const user = await database.db
      .selectFrom('app_user')
      .select(['id', 'customer_id'])
      .where('username', '=', 'corp-hr')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await database.db
      .insertInto('opinion')
      .values({
        opinion_no: 'TS20261122000042',
        customer_id: user.customer_id,
        user_id: user.id,
        kind: 'complaint',
        type_code: 'claim',
        title: 'Slow claim',
        content: 'c',
        contact_phone: null,
        state: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await database.destroy();

    // The command as scripts/reply-opinion.ts runs it, in this process: what it prints and its exit code.
    const run = async (...args: string[]) => {
      const out = { stdout: '', stderr: '' };
      const code = await replyOpinion(args, config, {
        log: (line) => (out.stdout += `${line}\n`),
        error: (line) => (out.stderr += `${line}\n`),
      });
      return { code, ...out };
    };
    const list = await run('--list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      /TS20261122000042 +complaint +Open +due \d{4}-\d{2}-\d{2} +上海恒晟精密制造有限公司 +Slow claim/,
    );
    const reply = await run('--opinion', 'TS20261122000042', '--text', '已安排专人跟进', '--staff', 'Ms Zhou');
    expect(reply).toMatchObject({ code: 0, stdout: expect.stringMatching(/now replied/) });
    expect(await run('--opinion', 'TS00000000000000', '--text', 'x')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no complaint or suggestion numbered/),
    });
    expect(await run()).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Usage: /) });

    const check = openDatabase({ databaseUrl: null, dataDir: dir });
    const replies = await check.db.selectFrom('opinion_reply').selectAll().execute();
    expect(replies).toEqual([
      expect.objectContaining({ author: 'insurer', author_name: 'Ms Zhou', content: '已安排专人跟进', read_at: null }),
    ]);
    await check.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
