import fs from 'node:fs';
import path from 'node:path';
import { calls, callPath, timeoutOf, type CallName, type CallSpec } from '@contract/calls';

const listed = fs
  .readFileSync(path.join(__dirname, '../../fixtures/spec-calls.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [method, name] = l.startsWith('GET ') ? ['GET', l.slice(4)] : ['POST', l];
    return { method, name };
  });

const table = calls as Record<string, CallSpec>;

describe('the contract', () => {
  it('reads the specification list', () => {
    expect(listed.length).toBeGreaterThan(90);
  });

  it.each(listed)('declares $method $name', ({ method, name }) => {
    expect(table[name]).toBeDefined();
    expect(table[name].method).toBe(method);
    expect(table[name].origin).toBe('spec');
  });

  it('marks every call it names itself as its own', () => {
    const names = new Set(listed.map((l) => l.name));
    for (const [name, spec] of Object.entries(table)) {
      expect({ name, origin: spec.origin }).toEqual({ name, origin: names.has(name) ? 'spec' : 'contract' });
    }
  });

  it('gives the correction calls of docs/SPEC.md §9 the 20 s timeout and every other call 30 s', () => {
    const correction = [
      'blocLegal/employee/applyBusinessApprove',
      'blocLegal/employee/groupApplyBusinessApprove',
      'blocLegal/employee/addSingleEmployee',
      'blocLegal/employee/addSingleEmployeeNew',
      'blocLegal/employee/addBatchEmployee',
      'blocLegal/employee/addBatchEmployeeNew',
      'blocLegal/employee/subtractEmployee',
      'blocLegal/employee/exchangeEmployee',
      'blocLegal/employee/exchangeEmployeeNew',
      'blocLegal/correctInsured/insuredApplyBusinessApprove',
      'blocLegal/correctInsured/addSingleInsured',
      'blocLegal/correctInsured/addBatchInsured',
      'blocLegal/correctInsured/subtractInsured',
      'blocLegal/correctInsured/exchangeInsured',
    ] as CallName[];
    for (const name of correction) expect({ name, t: timeoutOf(name) }).toEqual({ name, t: 20_000 });
    expect(timeoutOf('blocLegal/policy/policyList')).toBe(30_000);
    expect(timeoutOf('blocLegal/employee/getPayStatus')).toBe(30_000);
  });

  it('keeps pay-status polling out of the loading overlay', () => {
    expect(calls['blocLegal/employee/getPayStatus'].overlay).toBe(false);
    expect(calls['blocLegal/personal/orderPayStatus'].overlay).toBe(false);
    expect(calls['blocLegal/policy/policyList'].overlay).toBe(true);
  });

  it('sends uploads as multipart and everything else as forms or queries', () => {
    expect(calls['blocLegal/employee/addBatchEmployee'].encoding).toBe('multipart');
    expect(calls['blocLegal/opinions/uploadPicture'].encoding).toBe('multipart');
    for (const [name, spec] of Object.entries(table)) {
      expect({ name, ok: spec.method === 'GET' ? spec.encoding === 'query' : spec.encoding !== 'query' }).toEqual({
        name,
        ok: true,
      });
    }
  });

  it('builds paths under the gateway prefix, identity pages at the root', () => {
    expect(callPath('blocLegal/account/state')).toBe('/gateway/blocLegal/account/state');
    expect(callPath('blocOther/checkCode/createCode', '/api')).toBe('/api/blocOther/checkCode/createCode');
    expect(callPath('idprovider/logout')).toBe('/idprovider/logout');
  });
});
