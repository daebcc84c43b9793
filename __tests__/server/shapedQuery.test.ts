/**
 * shapedQuery: a query built and compiled once per shape, each call running it with its own values
 * (the corporate policy list's queries), on the test database (SQLite, or PostgreSQL under test:pg).
 */
import type { PolicyKind } from '@contract/io/policy';
import { shapedQuery } from '@server/services/shapedQuery';
import { startGateway, type TestGateway } from './support/gateway';

let gw: TestGateway;
let customers: number[];
beforeAll(async () => {
  gw = await startGateway();
  const rows = await gw.app.services.db
    .selectFrom('policy')
    .select('customer_id')
    .distinct()
    .orderBy('customer_id')
    .execute();
  customers = rows.map((r) => r.customer_id);
});
afterAll(() => gw.close());

const db = () => gw.app.services.db;
type Values = { customerId: number; kinds?: readonly PolicyKind[]; limit: number };
/** A kind no policy has (the query must find nothing for it). */
const noKind = 'no such kind' as PolicyKind;

describe('shapedQuery', () => {
  it('builds once per shape and runs each call with its own values', async () => {
    let builds = 0;
    const numbers = shapedQuery((v: Values, direction: 'asc' | 'desc') => {
      builds += 1;
      let q = db().selectFrom('policy').select('policy_no').where('customer_id', '=', v.customerId);
      if (v.kinds !== undefined) q = q.where('kind', 'in', v.kinds);
      return q.orderBy('policy_no', direction).limit(v.limit);
    });
    const run = async (v: Values, direction: 'asc' | 'desc' = 'asc') =>
      (await db().executeQuery(numbers(v, direction))).rows.map((r) => r.policy_no);
    const direct = async (customerId: number) =>
      (
        await db()
          .selectFrom('policy')
          .select('policy_no')
          .where('customer_id', '=', customerId)
          .orderBy('policy_no')
          .execute()
      ).map((r) => r.policy_no);

    expect(customers.length).toBeGreaterThan(1);
    for (const customerId of customers) {
      expect(await run({ customerId, limit: 100 })).toEqual(await direct(customerId));
    }
    expect(builds).toBe(1);
    expect(await run({ customerId: customers[0], limit: 2 })).toEqual((await direct(customers[0])).slice(0, 2));
    expect(builds).toBe(1);

    // A value absent, a list of another length and another option are other shapes.
    const all = await direct(customers[0]);
    expect(await run({ customerId: customers[0], limit: 100 }, 'desc')).toEqual([...all].reverse());
    expect(builds).toBe(2);
    const kinds = await db()
      .selectFrom('policy')
      .select('kind')
      .distinct()
      .where('customer_id', '=', customers[0])
      .execute();
    const one = await run({ customerId: customers[0], kinds: [kinds[0].kind], limit: 100 });
    const nothing = await run({ customerId: customers[0], kinds: [noKind], limit: 100 });
    expect(builds).toBe(3);
    expect(one.length).toBeGreaterThan(0);
    expect(nothing).toEqual([]);
    const both = await run({ customerId: customers[0], kinds: [noKind, kinds[0].kind], limit: 100 });
    expect(builds).toBe(4);
    expect(both).toEqual(one);
  });

  it('refuses a shape that changes a value before handing it to the query', () => {
    const like = shapedQuery((v: { text: string }, _o: null) =>
      db().selectFrom('policy').select('id').where('policy_no', 'like', `${v.text}%`),
    );
    expect(() => like({ text: 'P' }, null)).toThrow(/changed a value/);
  });
});
