/** The gateway's message catalogue: every text in both languages, with the same placeholders. */
import { catalogue } from '@server/messages/catalogue';

/** The values a text takes: `{name}`, and `{count, plural, ...}` (ICU-style plural forms). */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]))].sort();
/** Texts that are only placeholders are the same in every language. */
const SAME_IN_BOTH = new Set(Object.keys(catalogue['en-US']).filter((k) => /^\{\w+\}$/.test(catalogue['en-US'][k])));
/** The identity pages' language switch: each language's page names the other one (and its own code). */
const NAMES_THE_OTHER_LANGUAGE = new Set(['idp.lang', 'idp.switchLanguage', 'idp.switchLanguageLabel']);

describe('the gateway message catalogue', () => {
  const english = catalogue['en-US'];
  const chinese = catalogue['zh-CN'];

  it('has the same keys in en-US and zh-CN', () => {
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english).length).toBeGreaterThan(40);
  });

  it.each(Object.keys(english))('%s is said in both languages with the same placeholders', (key) => {
    expect(english[key].trim()).not.toBe('');
    expect(chinese[key].trim()).not.toBe('');
    expect(placeholders(chinese[key])).toEqual(placeholders(english[key]));
    if (SAME_IN_BOTH.has(key) || NAMES_THE_OTHER_LANGUAGE.has(key)) return;
    expect(chinese[key]).not.toBe(english[key]);
    expect(chinese[key]).toMatch(/[\u4e00-\u9fff]/);
  });
});
