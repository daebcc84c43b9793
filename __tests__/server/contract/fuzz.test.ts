/**
 * Every call of the contract, fed what a hostile or broken client sends: wrong types, huge strings,
 * dates that are not on the calendar, lists and objects for scalars, repeated fields, prototype keys
 * and fields the call does not take. No request may answer HTTP 500, and a refused request changes
 * nothing in the database. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { createHash } from 'node:crypto';
import type { TObject } from 'typebox';
import { Kind, type JsonSchema as TSchema } from '@contract/fields';
import { sql } from 'kysely';
import { calls, callPath, type CallName } from '@contract/calls';
import { requestSchemas } from '@contract/requests';
import { startGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
const cookies: Record<string, string> = {};

/** Tables a refused request may still touch: sessions (idle deadline), rate limits, analytics. */
const VOLATILE = new Set([
  'session',
  'login_attempt',
  'analytics_event',
  'security_event',
  'account_attempt',
  'kysely_migration',
  'kysely_migration_lock',
]);
let tables: string[] = [];
/** The fingerprint taken last, while nothing has been sent since: the next call's "before". */
let settled: string | null = null;

async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(gw.app.services.db);
    const lines = rows.rows.map((r) => JSON.stringify(r)).sort();
    hash.update(`${table}:${lines.length}:${lines.join('\n')}`);
  }
  return hash.digest('hex');
}

const HUGE = 'x'.repeat(20_000);
/** What one field is sent as, whatever it should be. */
const HOSTILE_VALUES = [
  'abc',
  '-1',
  '9'.repeat(40),
  '2026-02-30',
  '[1,2',
  '{"__proto__":{"polluted":1}}',
  "' OR 1=1 --",
  HUGE,
];
/** Field names a call without a schema might read. */
const COMMON_FIELDS = ['policyId', 'policyNo', 'pageNum', 'pageSize', 'correctionId', 'personId', 'name', 'code'];

type Form = Array<[string, string]>;

function payloads(name: CallName): Form[] {
  const schema = (requestSchemas as Partial<Record<CallName, TObject>>)[name];
  const fields = schema ? Object.keys(schema.properties) : COMMON_FIELDS;
  const out: Form[] = [[], [['__proto__', 'x']], [['constructor', 'x']], [['prototype', '1']], [['unknownField', '1']]];
  for (const field of fields) {
    for (const value of HOSTILE_VALUES) out.push([[field, value]]);
    out.push([
      [field, '1'],
      [field, '2'],
    ]);
  }
  if (schema) {
    // Everything else right, one field wrong: reaches past the "required" refusals.
    const fine = Object.entries(schema.properties as Record<string, TSchema>).map(([k, s]) => [k, plausible(s)]);
    for (const [field] of fine) {
      for (const value of ['abc', HUGE, '[]']) out.push(fine.map(([k, v]) => [k, k === field ? value : v]));
    }
  }
  return out;
}

/** A value of the right shape, to get one field past the door while another is wrong. */
function plausible(schema: TSchema): string {
  switch (schema[Kind]) {
    case 'Integer':
    case 'Number':
      return String(schema.minimum ?? 1);
    case 'Boolean':
      return 'true';
    case 'Literal':
      return String(schema.const);
    case 'Union':
      return String((schema.anyOf as TSchema[])[0]?.const ?? '1');
    case 'Array':
      return '[1]';
    case 'Object':
      return '{}';
    default:
      return schema.format === 'date' ? '2026-11-30' : 'a'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
  }
}

async function send(name: CallName, form: Form, cookie: string) {
  const spec = calls[name];
  const params = new URLSearchParams([['channelType', '1'], ...form]);
  const url = callPath(name, gw.config.portal.gatewayPrefix);
  if (spec.method === 'GET') return gw.app.inject({ method: 'GET', url: `${url}?${params}`, headers: { cookie } });
  return gw.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: params.toString(),
  });
}

const gatewayCalls = (Object.keys(calls) as CallName[]).filter((n) => calls[n].base === 'gateway');
/** Calls that end the session or the account when they succeed: fed last, and the session renewed. */
const ENDING = new Set<CallName>([
  'blocLegal/login/logout',
  'blocLegal/login/cancleAuth',
  'blocLegal/account/cancleAccount',
]);

beforeAll(async () => {
  gw = await startGateway();
  cookies.corporate = await gw.login('corp-hr');
  cookies.personal = await gw.login('member-senior');
  const all = await gw.app.services.db.introspection.getTables();
  tables = all.map((t) => t.name).filter((t) => !VOLATILE.has(t));
});
afterAll(() => gw.close());

describe('the contract under hostile input', () => {
  const order = [...gatewayCalls.filter((n) => !ENDING.has(n)), ...gatewayCalls.filter((n) => ENDING.has(n))];

  it.each(order)('%s: no HTTP 500, and a refused request changes nothing', async (name) => {
    // The corporate and the personal session take turns, so both kinds of user meet every call.
    const forms = payloads(name);
    const who = (i: number) => (i % 2 === 0 ? 'corporate' : 'personal');
    // A call that ends the session is fed with a fresh one (the first accepted form ends it: the
    // others meet a logged-out session, which must not answer 500 either).
    if (ENDING.has(name)) {
      cookies.corporate = await gw.login('corp-hr');
      cookies.personal = await gw.login('member-senior');
    }
    // The database as the last call left it, when its fingerprint was taken last (a fresh session's
    // login is not counted against the call: taken anew then).
    const before = (!ENDING.has(name) && settled) || (await fingerprint());
    settled = null;
    const accepted: number[] = [];
    for (const [i, form] of forms.entries()) {
      const res = await send(name, form, cookies[who(i)]);
      const shown = form.map(([k, v]) => `${k}=${v.slice(0, 40)}`).join('&');
      expect(
        res.statusCode < 500 ? 'answered' : `${who(i)} ${shown}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`,
      ).toBe('answered');
      const type = String(res.headers['content-type'] ?? '');
      if (!type.includes('application/json') || res.json().status === 'SUC_0001') accepted.push(i);
    }
    if (accepted.length === 0) {
      const after = await fingerprint();
      expect(after === before ? 'unchanged' : `${name}: a refused request changed the database`).toBe('unchanged');
      settled = after;
      return;
    }
    // Some forms were accepted (reads with odd but harmless values, say): replay the refused ones
    // together between two fingerprints; only when the database changed, one by one to name the form.
    if (ENDING.has(name)) return;
    const refused = forms.map((form, i) => ({ form, i })).filter(({ i }) => !accepted.includes(i));
    const replay = async ({ form, i }: { form: Form; i: number }) =>
      (await send(name, form, cookies[who(i)])).json().status !== 'SUC_0001';
    const start = await fingerprint();
    for (const r of refused) await replay(r);
    if ((await fingerprint()) === start) return;
    for (const r of refused) {
      const before = await fingerprint();
      if (!(await replay(r))) continue;
      const shown = r.form.map(([k, v]) => `${k}=${v.slice(0, 40)}`).join('&');
      expect((await fingerprint()) === before ? 'unchanged' : `${who(r.i)} ${shown}: the database changed`).toBe(
        'unchanged',
      );
    }
  });

  it('leaves no polluted prototype behind', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
