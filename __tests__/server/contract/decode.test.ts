/** The door of every call: form fields decoded by the call's request schema, refusals naming the field. */
import { Empty, IdList, Int, IsoDate, OneOf, paging, Text, Type } from '@contract/fields';
import { decoderFor } from '@server/http/decode';
import { DomainError } from '@server/services/errors';

const schema = Type.Object({
  policyId: Int(1, 1000),
  name: Text(5),
  note: Type.Optional(Text(10)),
  from: Type.Optional(IsoDate()),
  move: OneOf(['add', 'subtract'] as const),
  ids: Type.Optional(IdList(3)),
  choice: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  ...paging(50),
});
const decode = decoderFor(schema);

/** The refusal a decoding raised, in both languages. */
function refusal(source: unknown): { en: string; zh: string } {
  try {
    decode(source);
  } catch (e) {
    if (e instanceof DomainError) return { en: e.text('en-US'), zh: e.text('zh-CN') };
    throw e;
  }
  throw new Error('decoded without a refusal');
}

const good = { channelType: '1', policyId: '12', name: ' Li ', move: 'add' };

describe('decoding a form by its schema', () => {
  it('turns texts into the declared types and trims text', () => {
    expect(decode({ ...good, ids: '[1,2]', choice: '2', from: '2024-02-29', pageNum: '3' })).toEqual({
      policyId: 12,
      name: 'Li',
      move: 'add',
      ids: [1, 2],
      choice: 2,
      from: '2024-02-29',
      pageNum: 3,
    });
  });

  it('leaves out optional fields sent empty', () => {
    expect(decode({ ...good, note: '  ', from: '' })).toEqual({ policyId: 12, name: 'Li', move: 'add' });
  });

  it('reads multipart fields the way it reads form fields', () => {
    expect(
      decode({ policyId: { type: 'field', value: '7' }, name: { type: 'field', value: 'Wu' }, move: 'add' }),
    ).toEqual({ policyId: 7, name: 'Wu', move: 'add' });
  });

  it.each([
    [{ ...good, policyId: undefined }, 'The policy is required.', '请填写保单。'],
    [{ ...good, policyId: 'abc' }, 'The policy must be a whole number.', '保单应为整数。'],
    [{ ...good, policyId: '1e3' }, 'The policy must be a whole number.', '保单应为整数。'],
    [{ ...good, policyId: '0' }, 'The policy must be at least 1.', '保单不能小于 1。'],
    [{ ...good, policyId: '99999' }, 'The policy must be at most 1000.', '保单不能大于 1000。'],
    [{ ...good, name: '123456' }, 'The name must be at most 5 characters.', '姓名不能超过 5 个字符。'],
    [{ ...good, move: 'swap' }, 'move must be one of: add, subtract.', 'move只能是以下之一：add, subtract。'],
    [{ ...good, from: '2026-02-30' }, 'The from date is not a real date.', '开始日期不是有效的日期。'],
    [
      { ...good, from: '30/01/2026' },
      'The from date must be a date written YYYY-MM-DD.',
      '开始日期应为 YYYY-MM-DD 格式的日期。',
    ],
    [{ ...good, ids: '[1,' }, 'ids could not be read.', '无法读取ids。'],
    [{ ...good, ids: '[1,2,3,4]' }, 'ids may have at most 3 items.', 'ids最多 3 项。'],
    [{ ...good, ids: '[0]' }, 'ids must be at least 1.', 'ids不能小于 1。'],
    [{ ...good, ids: '{"a":1}' }, 'ids must be a list.', 'ids应为列表。'],
    [{ ...good, choice: '3' }, 'choice must be one of: 1, 2.', 'choice只能是以下之一：1, 2。'],
    [{ ...good, pageSize: '500' }, 'The page size must be at most 50.', '每页条数不能大于 50。'],
    [{ ...good, name: ['a', 'b'] }, 'The name was sent more than once.', '姓名重复提交了多次。'],
    [
      { ...good, extra: 'x' },
      'The request carries a field this call does not take: extra.',
      '请求中包含本接口不接受的字段：extra。',
    ],
  ])('refuses %o in the user’s language', (source, en, zh) => {
    expect(refusal(source)).toEqual({ en, zh });
  });

  it('refuses prototype keys as unknown fields and never lets them reach the values', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const source = JSON.parse(`{"${key}": "x", "policyId": "1", "name": "a", "move": "add"}`);
      expect(refusal(source).en).toBe(`The request carries a field this call does not take: ${key}.`);
    }
    expect(Object.getPrototypeOf(decode({ ...good }))).toBe(Object.prototype);
  });

  it('accepts a request without fields for a call that takes none, and nothing else', () => {
    const none = decoderFor(Empty());
    expect(none({ channelType: '1' })).toEqual({});
    expect(() => none({ channelType: '1', a: '1' })).toThrow(DomainError);
  });
});
