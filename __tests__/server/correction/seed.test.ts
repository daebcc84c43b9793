import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { perHeadRates } from '@server/demo/corrections';
import type { SeedContext } from '@server/demo/context';
import { startGateway, type TestGateway } from '../support/gateway';
import { makePolicy } from './support';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

describe('the corrections seed', () => {
  it('seeds the demo refund accounts', async () => {
    const rows = await gw.app.services.db.selectFrom('customer_bank_account').select('bank_name').execute();
    expect(rows.map((r) => r.bank_name)).toEqual(
      expect.arrayContaining(['China Merchants Bank, Shanghai Zhangjiang Sub-branch']),
    );
  });

  it('records the per-head price of demo roster policies as their category-1 rate', async () => {
    const db = gw.app.services.db;
    const perHead = await makePolicy(gw);
    const rated = await makePolicy(gw, { roster: 'employeeNew' });
    await db.deleteFrom('policy_rate').where('policy_id', '=', perHead.policyId).execute();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-seed-'));
    fs.mkdirSync(path.join(dir, 'demo'));
    const fixture = {
      policies: [
        { policyNo: perHead.policyNo, roster: 'employee', rates: null, perHeadFen: 18_000 },
        { policyNo: rated.policyNo, roster: 'employeeNew', rates: [{}], perHeadFen: null },
        { policyNo: 'NOPE', roster: 'insured', perHeadFen: 5 },
      ],
    };
    fs.writeFileSync(path.join(dir, 'demo', 'policies.json'), JSON.stringify(fixture));
    const ctx = {
      db,
      dialect: gw.dialect,
      fixturesDir: dir,
      customers: new Map(),
      users: new Map(),
      readFixture: (name: string) => JSON.parse(fs.readFileSync(path.join(dir, 'demo', name), 'utf8')),
      now: () => new Date(),
    } as unknown as SeedContext;
    await perHeadRates(ctx);
    await perHeadRates(ctx); // once only
    const rates = await db
      .selectFrom('policy_rate')
      .selectAll()
      .where('policy_id', 'in', [perHead.policyId, rated.policyId])
      .orderBy('policy_id')
      .orderBy('risk_category')
      .execute();
    expect(rates.filter((r) => r.policy_id === perHead.policyId)).toEqual([
      { policy_id: perHead.policyId, risk_category: 1, annual_premium_fen: 18_000 },
    ]);
    expect(rates.filter((r) => r.policy_id === rated.policyId)).toHaveLength(4);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
