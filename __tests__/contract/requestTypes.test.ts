/**
 * The contract types both ends: a request with a field its call does not take, a field of the wrong
 * type or a missing required field does not compile, and neither does an answer read as another
 * call's. The `@ts-expect-error` lines are checked by `npm run typecheck` (an error that disappears
 * fails it); the test below checks that the well-typed requests build what the gateway expects.
 */
import { request, type RequestArgs } from '@client/api/request';
import type { Req, Res } from '@contract/io';

function typeErrors() {
  // @ts-expect-error a field the call does not take
  request('blocLegal/legalPolicy/getLegalPolicyList', { pageNum: 1, pageSize: 10, policyNumber: 'X' });
  // @ts-expect-error a number where the schema wants text
  request('blocLegal/legalPolicy/getLegalPolicyList', { pageNum: 1, pageSize: 10, policyNo: 42 });
  // @ts-expect-error required fields left out (an approval names its correction and its request key)
  request('blocLegal/employee/applyBusinessApprove', {});
  // @ts-expect-error values for a call that takes none
  request('blocLegal/login/getLoginInfo', { anything: 1 });

  const policies = {} as Res<'blocLegal/legalPolicy/getLegalPolicyList'>;
  // @ts-expect-error a policy list is not a login answer
  const info: Res<'blocLegal/login/getLoginInfo'> = policies;

  const values = {} as Req<'blocLegal/claim/reportClaim'>;
  // @ts-expect-error one call's values are not another's
  const other: Req<'blocLegal/legalPolicy/getLegalPolicyList'> = values;
  return [info, other];
}

describe('requests typed by the call name', () => {
  it('builds the path, method and values of a well-typed request', () => {
    expect(typeof typeErrors).toBe('function');
    const args = request('blocLegal/legalPolicy/getLegalPolicyList', { pageNum: 2, pageSize: 10, policyNo: 'P1' });
    expect(args).toMatchObject({ call: 'blocLegal/legalPolicy/getLegalPolicyList' });
    expect(JSON.stringify(args)).toContain('P1');
    const none: RequestArgs<'blocLegal/login/getLoginInfo'> = [];
    expect(request('blocLegal/login/getLoginInfo', ...none)).toMatchObject({ call: 'blocLegal/login/getLoginInfo' });
  });
});
