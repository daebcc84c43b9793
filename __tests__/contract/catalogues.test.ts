/**
 * The catalogues read as a person would write them (docs/glossary.md): Chinese with full-width
 * punctuation, English counts through plural forms, sentence case.
 */
import { catalogue } from '@server/messages/catalogue';
import { format, type Catalogue } from '@common/i18n';
import { menuMessages } from '@client/app/menuMessages';
import { shellMessages } from '@client/app/messages';
import { accountMessages } from '@client/features/account/messages';
import { correctionMessages } from '@client/features/correction/messages';
import { homeMessages } from '@client/features/home/messages';
import { invoiceMessages } from '@client/features/invoice/messages';
import { opinionMessages } from '@client/features/opinion/messages';
import { personalMessages } from '@client/features/personal/messages';
import { claimMessages } from '@client/features/policy/claimMessages';
import { policyMessages } from '@client/features/policy/messages';
import { sessionMessages } from '@client/features/session/messages';
import { sharedMessages } from '@client/shared/sharedMessages';

const client: Record<string, Catalogue<Record<string, string>>> = {
  menuMessages,
  shellMessages,
  accountMessages,
  correctionMessages,
  homeMessages,
  invoiceMessages,
  opinionMessages,
  personalMessages,
  claimMessages,
  policyMessages,
  sessionMessages,
  sharedMessages,
};
const all: Array<[string, Record<string, string>, Record<string, string>]> = [
  ['gateway', catalogue['en-US'], catalogue['zh-CN']],
  ...Object.entries(client).map(
    ([name, c]) =>
      [name, c['en-US'], c['zh-CN'] as Record<string, string>] as [
        string,
        Record<string, string>,
        Record<string, string>,
      ],
  ),
];
const texts = (lang: 0 | 1) =>
  all.flatMap(([area, en, zh]) => Object.entries(lang === 0 ? en : zh).map(([k, v]) => [`${area} ${k}`, v]));

/** ASCII , ; : ? ! ( ) next to a Chinese character: 确认退出? / 病历及诊断证明, 出院小结. */
const ASCII_IN_CHINESE = /\p{Script=Han}\s?[,;:?!()]|[,;:?!(]\s?\p{Script=Han}/u;
/** "1 people", "1 days": one of a plural noun. */
const ONE_PLURAL = /(?:^|[^\d.,])1 (people|[a-z]+s)\b/;
/** A count placeholder before a plural noun without a plural form: "{count} people" says "1 people". */
const COUNT_PLURAL = /\{(count|total|days|years|months|max|min|left|seconds|minutes|points)\} (people|[a-z]+s)\b/;

describe('the catalogues', () => {
  it('write Chinese with full-width punctuation', () => {
    expect(texts(1).filter(([, v]) => ASCII_IN_CHINESE.test(v))).toEqual([]);
  });

  it('never say "1 <plural>" in English, nor put a count before a plural noun without a plural form', () => {
    expect(texts(0).filter(([, v]) => ONE_PLURAL.test(v) || COUNT_PLURAL.test(v))).toEqual([]);
    expect(format(catalogue['en-US']['correction.record.add.title'], { count: 1 })).toBe('Enrolled 1 person');
    expect(format(correctionMessages['en-US'].removeSelectedTitle, { count: 1 })).toBe('Remove 1 person?');
    expect(format(correctionMessages['en-US'].removeSelectedTitle, { count: 3 })).toBe('Remove 3 people?');
  });

  it('use the glossary’s words in Chinese: 员工, 加保 and 减保 for the people on a group policy’s list', () => {
    // 理赔人员 and 核保人员 are the insurer's own staff, not the people insured.
    const notTheGlossary = /(?<!理赔|核保)人员|雇员|加人|减人|增员|减员/;
    expect(texts(1).filter(([, v]) => notTheGlossary.test(v))).toEqual([]);
    // One state, one word: a cancelled correction is 已取消 on the record and in the portal.
    expect(catalogue['zh-CN']['correction.state.cancelled']).toBe(correctionMessages['zh-CN'].stage_cancelled);
  });

  it('catch what they are meant to catch', () => {
    expect(ASCII_IN_CHINESE.test('确认退出?')).toBe(true);
    expect(ASCII_IN_CHINESE.test('病历及诊断证明, 出院小结')).toBe(true);
    expect(ASCII_IN_CHINESE.test('确认退出？')).toBe(false);
    expect(ONE_PLURAL.test('Remove 1 people?')).toBe(true);
    expect(ONE_PLURAL.test('Remove 1 person?')).toBe(false);
    expect(COUNT_PLURAL.test('{count} people')).toBe(true);
  });

  it('start English sentences with a capital letter where a person reads them as sentences', () => {
    const shell = shellMessages['en-US'];
    for (const key of ['exitSucceeded', 'completeNow', 'notNow', 'copySucceeded', 'timeout', 'busy'] as const)
      expect(shell[key]).toMatch(/^[A-Z]/);
  });

  it('say one thing one way: the link to complete a member’s information is the warning’s button', () => {
    for (const lang of ['en-US', 'zh-CN'] as const)
      expect(personalMessages[lang].completeNow).toBe(shellMessages[lang].completeNow);
  });
});
