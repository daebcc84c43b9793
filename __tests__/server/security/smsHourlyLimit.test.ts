/**
 * One hourly limit per phone for every code: a member's codes and registration codes to a new number
 * are counted together when a number asks to register.
 */
import { DomainError } from '@server/services/errors';
import { startGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

/** Moves every code sent to a phone a minute and a second into the past (past the one-a-minute rule). */
async function age(phone: string) {
  for (const table of ['sms_code', 'signup_code'] as const) {
    const rows = await gw.app.services.db
      .selectFrom(table)
      .select(['id', 'created_at'])
      .where('phone', '=', phone)
      .execute();
    for (const row of rows)
      await gw.app.services.db
        .updateTable(table)
        .set({ created_at: new Date(Date.parse(row.created_at) - 61_000).toISOString() })
        .where('id', '=', row.id)
        .execute();
  }
}

/** The message key a call was refused with, or null when it went through. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof DomainError ? error.key : String(error)),
  );

describe('the hourly limit of SMS codes to one phone', () => {
  it('sends a new number ten registration codes in an hour and refuses the eleventh', async () => {
    const { sms, db } = gw.app.services;
    const phone = '13600009901';
    for (let i = 0; i < 10; i += 1) {
      expect(await refusal(sms.sendToNewNumber(phone, 'en-US'))).toBeNull();
      await age(phone);
    }
    expect(await refusal(sms.sendToNewNumber(phone, 'en-US'))).toBe('sms.tooMany');
    const sent = await db.selectFrom('signup_code').select('id').where('phone', '=', phone).execute();
    expect(sent).toHaveLength(10);
  });

  it('counts the codes sent to a member at that number when it asks to register', async () => {
    const { sms, db } = gw.app.services;
    const phone = '13600009902';
    const user = await db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'member-basic')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 6; i += 1) {
      expect(await refusal(sms.send(user.id, phone, 'verify-identity', 'en-US'))).toBeNull();
      await age(phone);
    }
    for (let i = 0; i < 4; i += 1) {
      expect(await refusal(sms.sendToNewNumber(phone, 'en-US'))).toBeNull();
      await age(phone);
    }
    expect(await refusal(sms.sendToNewNumber(phone, 'en-US'))).toBe('sms.tooMany');
  });
});
