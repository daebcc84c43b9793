/**
 * Answers are serialized by their schemas (src/contract/io/*.ts): a field a schema does not list is
 * not sent. jest/answerCheck.ts compares every serialized answer of every gateway test with what its
 * handler returned; this file shows that the comparison catches a missing field and walks the demo
 * world's reading calls, as a corporate and as a personal user, through it.
 */
import Fastify from 'fastify';
import { calls, audienceOf, type CallName } from '@contract/calls';
import { Status } from '@contract/envelope';
import { requestSchemas } from '@contract/requests';
import { Int, Obj } from '@contract/answerFields';
import { envelopeOf } from '@server/http/responses';
import { takeAnswerMismatches } from '../../../jest/answerCheck';
import { startGateway, type TestGateway } from '../support/gateway';

/** Calls that change something though they need no values: not walked here. */
const CHANGING = new Set<CallName>([
  'blocLegal/login/logout',
  'blocLegal/login/cancleAuth',
  'blocLegal/account/cancleAccount',
  'blocLegal/account/sendSMSCodeForChangeAccount',
]);

/** The JSON calls a user may make with no values at all. */
const readable = (audience: 'corporate' | 'personal') =>
  (Object.keys(calls) as CallName[]).filter(
    (name) =>
      calls[name].base === 'gateway' &&
      calls[name].response === 'json' &&
      !calls[name].anonymous &&
      !CHANGING.has(name) &&
      (requestSchemas[name].required ?? []).length === 0 &&
      [audience, 'any'].includes(audienceOf(name)),
  );

describe('the answer check', () => {
  it('catches a field the answer carries and its schema does not list', async () => {
    const app = Fastify();
    app.get('/thing', { schema: { response: { 200: envelopeOf(Obj({ kept: Int() })) } } }, async () => ({
      status: Status.ok,
      statusText: 'success',
      data: { kept: 1, dropped: 2 },
    }));
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.json().data).toEqual({ kept: 1 });
    expect(takeAnswerMismatches()).toEqual(['data.dropped: sent undefined, returned 2']);
    await app.close();
  });
});

describe("the demo world's answers", () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());

  it.each([
    ['corp-hr', 'corporate'],
    ['member-senior', 'personal'],
  ] as const)('are what their schemas say, for %s', async (user, audience) => {
    const cookie = await gw.login(user);
    const names = readable(audience);
    const answered: CallName[] = [];
    for (const name of names) {
      const res = await gw.raw(name, {}, { cookie });
      if (res.json().status === Status.ok) answered.push(name);
    }
    expect(answered.length).toBeGreaterThanOrEqual(audience === 'corporate' ? 20 : 28);
    expect(takeAnswerMismatches()).toEqual([]);
  });
});
