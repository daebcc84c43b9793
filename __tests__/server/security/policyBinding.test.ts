/**
 * policy/addPolicy told whether any policy number exists: "no policy with this number" for a number
 * nobody holds, "the holder's name and ID number do not match" for one that exists. Both now get the
 * same answer.
 */
import { startGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

describe('binding a policy bought elsewhere', () => {
  it('answers the same for a number that does not exist and for a holder who does not match', async () => {
    const senior = await gw.login('member-senior');
    const holder = { holderName: '李文静', holderIdNumber: '310104196001010026' };
    const missing = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: 'PAG2099999999999', ...holder },
      { cookie: senior },
    );
    const existing = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: 'PAG2025320500077', ...holder },
      { cookie: senior },
    );
    expect(missing).toEqual(existing);
    expect(existing.statusText).not.toMatch(/exist|match this policy/);
  });
});
