/**
 * Policy area: the employee view's page call (insuredPersonAndEmployee/queryInsuredPerson for one
 * policy, insured people, pageSize 20) on a policy grown to 50,000 insured employees, with and
 * without a search, through app.inject on SQLite; and the generation time of the e-policy PDF.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { growPolicyRoster } from '@server/demo/roster';
import type { PeoplePools } from '@server/demo/people';
import { benchGateway, loginCookie, printTiming, time } from './support';

const POLICY = 'PGA26310100000415';
const EMPLOYEES = 50_000;
const REQUESTS = 200;

export async function run(): Promise<void> {
  const app = await benchGateway();
  try {
    const { db, config } = app.services;
    const pools = JSON.parse(
      fs.readFileSync(path.join(config.fixturesDir, 'demo', 'people.json'), 'utf8'),
    ) as PeoplePools;
    const started = performance.now();
    const added = await growPolicyRoster(db, pools, POLICY, EMPLOYEES);
    await sql`analyze`.execute(db);
    process.stdout.write(
      `policy ${POLICY} grown by ${added} to ${EMPLOYEES} insured people in ${((performance.now() - started) / 1000).toFixed(1)} s (${app.services.dialect})\n`,
    );

    const cookie = await loginCookie(app, 'corp-hr', true);
    const post = async (url: string, values: Record<string, string | number>) =>
      app.inject({
        method: 'POST',
        url: `/gateway/blocLegal/${url}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        payload: new URLSearchParams({
          channelType: '1',
          ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
        }).toString(),
      });
    const view = async (values: Record<string, string | number>) => {
      const res = await post('insuredPersonAndEmployee/queryInsuredPerson', {
        policyNo: POLICY,
        state: 1,
        pageSize: 20,
        ...values,
      });
      const body = res.json();
      if (body.status !== 'SUC_0001') throw new Error(`employee view failed: ${body.statusText}`);
    };
    const surnames = pools.surnames.slice(0, 40);
    printTiming('employee view, first pages (1-10)', await time(REQUESTS, (i) => view({ pageNum: 1 + (i % 10) })));
    printTiming(
      'employee view, pages spread to the last',
      await time(REQUESTS, (i) => view({ pageNum: 1 + ((i * 37) % 2499) })),
    );
    printTiming(
      'employee view, name search',
      await time(REQUESTS, (i) => {
        const given = i % 2 ? pools.givenMale : pools.givenFemale;
        return view({
          keyword:
            i % 3 === 0
              ? surnames[i % surnames.length]
              : surnames[i % surnames.length] + given[i % given.length].slice(0, 1),
        });
      }),
    );
    printTiming(
      'employee view, ID-number prefix search',
      await time(REQUESTS, (i) => view({ keyword: `${pools.areas[i % pools.areas.length]}19` })),
    );

    const pdf = (call: string, policyNo: string) => async () => {
      const res = await post(call, { policyNo });
      if (res.headers['content-type'] !== 'application/pdf') throw new Error(`PDF failed: ${res.body.slice(0, 200)}`);
    };
    printTiming(
      'e-policy PDF (policyDownload/download)',
      await time(20, pdf('policyDownload/download', 'PDA26310100004417')),
    );
    printTiming(
      'employer certificate PDF (176-person roster)',
      await time(10, pdf('electronicDocuments/generateForEmployer', 'PEL26310100000352')),
    );
  } finally {
    await app.close();
  }
}
