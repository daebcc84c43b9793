/**
 * Objects used as maps were indexed by what the client sent: the risk questionnaire scored answers
 * named like Object's own properties ('constructor', '__proto__') and stored the result, and
 * `GET /cashier/<any>?done=constructor` answered HTTP 500 without login. Such answers are refused
 * like any unknown answer, and unknown cashier notices are ignored.
 */
import { Status } from '@contract/envelope';
import { scoreAnswers } from '@server/services/personal/riskQuestionnaire';
import { startGateway, type TestGateway } from '../support/gateway';

const QUESTIONS = ['age', 'income', 'share', 'experience', 'knowledge', 'horizon', 'goal', 'loss', 'reaction', 'debt'];
const allA = Object.fromEntries(QUESTIONS.map((q) => [q, 'A']));

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

describe('the risk questionnaire', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'scores no answer named %s',
    (option) => {
      expect(scoreAnswers({ ...allA, age: option }).ok).toBe(false);
    },
  );

  it('refuses prototype answers at the gateway and stores nothing', async () => {
    const senior = await gw.login('member-senior');
    const stored = async () =>
      Number(
        (
          await gw.app.services.db
            .selectFrom('risk_evaluation')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await stored();
    for (const option of ['constructor', '__proto__']) {
      const res = await gw.call(
        'blocLegal/assets/riskEvaluating',
        { answers: JSON.stringify({ ...allA, debt: option }) },
        { cookie: senior },
      );
      expect(res.status).toBe(Status.business);
    }
    const keyed = await gw.call(
      'blocLegal/assets/riskEvaluating',
      { answers: `{"__proto__":{"age":"A"},${JSON.stringify(allA).slice(1)}` },
      { cookie: senior },
    );
    expect(keyed.status).toBe(Status.business);
    expect(await stored()).toBe(before);
    expect(({} as Record<string, unknown>).age).toBeUndefined();
  });
});

describe('the cashier page', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'answers ?done=%s without a session like an unknown notice, never HTTP 500',
    async (done) => {
      const res = await gw.app.inject({ method: 'GET', url: `/cashier/no-such-token?done=${done}` });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).not.toContain('function');
    },
  );

  it('still says what a known notice says', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/cashier/no-such-token?done=failed' });
    expect(res.body).toContain('The payment failed.');
  });
});
