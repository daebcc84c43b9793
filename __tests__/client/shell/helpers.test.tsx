/** The shared helpers: money, dates, ID numbers, clipboard, route pushes, the language catalogues. */
import fs from 'node:fs';
import path from 'node:path';
import { copyToClipboard } from '@client/shared/clipboard';
import { formatFen } from '@common/money';
import { formatChange, formatDate, formatDateTime, formatNumber } from '@client/shared/format';
import { checkIdNumber } from '@client/shared/idNumber';
import { navigateTo, registerNavigate } from '@client/shared/navigation';
import { recorders } from '../support/probe';

const rec = recorders();
beforeEach(() => rec.clear());

describe('money', () => {
  it.each([
    [123456, '¥1,234.56'],
    [0, '¥0.00'],
    ['8810', '¥88.10'],
    [-346, '-¥3.46'],
    [123456789012, '¥1,234,567,890.12'],
    [99, '¥0.99'],
    [-0, '¥0.00'],
    ['***', '***'],
    [null, ''],
    ['', ''],
    ['abc', ''],
  ])('integer fen %p shows as %p', (fen, shown) => {
    expect(formatFen(fen as never)).toBe(shown);
  });
});

describe('dates', () => {
  it('shows YYYY-MM-DD, optionally the day before', () => {
    expect(formatDate('2026-03-01T10:00:00')).toBe('2026-03-01');
    expect(formatDate('2026-03-01', { minusOneDay: true })).toBe('2026-02-28');
    expect(formatDate('2024-03-01', { minusOneDay: true })).toBe('2024-02-29');
    expect(formatDate('2027-01-01', { minusOneDay: true })).toBe('2026-12-31');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });
  it('shows instants in Beijing time (UTC+8), never as a raw ISO timestamp', () => {
    // 18:30 UTC is 02:30 the next morning in Beijing.
    expect(formatDate('2026-11-22T18:30:00.000Z')).toBe('2026-11-23');
    expect(formatDate('2026-11-22T18:30:00.000Z', { minusOneDay: true })).toBe('2026-11-22');
    expect(formatDate(new Date(Date.UTC(2026, 0, 31, 16, 0)))).toBe('2026-02-01');
    expect(formatDate('2026-11-22T08:00:00+08:00')).toBe('2026-11-22');
    expect(formatDateTime('2026-11-22T18:30:00.000Z')).toBe('2026-11-23\u00a002:30');
    expect(formatDateTime('2026-12-31T15:59:59Z')).toBe('2026-12-31\u00a023:59');
    expect(formatDateTime('2026-12-31T16:00:00Z')).toBe('2027-01-01\u00a000:00');
    // a wall-clock time without a zone is already the insurer's time; a date passes through
    expect(formatDateTime('2026-11-22T10:05:00')).toBe('2026-11-22\u00a010:05');
    expect(formatDateTime('2026-11-22')).toBe('2026-11-22');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('counts and quantities', () => {
  it('groups thousands with a fixed number of decimals, and signs changes', () => {
    expect(formatNumber(7416)).toBe('7,416');
    expect(formatNumber(38835, 2)).toBe('38,835.00');
    expect(formatNumber(1.23456, 4)).toBe('1.2346');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatChange(1200)).toBe('+1,200');
    expect(formatChange(-300)).toBe('-300');
    expect(formatChange(0)).toBe('0');
  });
});

describe('ID numbers', () => {
  it("says 'wrong number of digits in the ID number' for anything but 15 or 18 characters", () => {
    for (const bad of ['1101051949123100', '1101051949123100212', '12345']) {
      expect(checkIdNumber(bad)).toEqual({ ok: false, message: 'wrong number of digits in the ID number' });
    }
    expect(checkIdNumber('12345', 'zh-CN')).toEqual({ ok: false, message: '身份证号码位数不正确' });
  });
  it('reads the birthdate and the sex (17th digit: odd male, even female) and checks the last character', () => {
    expect(checkIdNumber('11010519491231002X')).toEqual({ ok: true, info: { birthdate: '1949-12-31', sex: 'female' } });
    expect(checkIdNumber('440524188001010014')).toEqual({ ok: true, info: { birthdate: '1880-01-01', sex: 'male' } });
    expect(checkIdNumber('110105491231002')).toEqual({ ok: true, info: { birthdate: '1949-12-31', sex: 'female' } });
    expect(checkIdNumber('110105194912310021')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/last character/),
    });
  });
});

describe('copy to clipboard', () => {
  const setClipboard = (value: unknown) => Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
  const words = { copySucceeded: 'Copied.', copyFailed: 'Could not copy.' };

  it("says 'Copied.' for 2 s when the text is on the clipboard", async () => {
    const written: string[] = [];
    setClipboard({ writeText: async (t: string) => void written.push(t) });
    expect(await copyToClipboard('P2026001', words)).toBe(true);
    expect(written).toEqual(['P2026001']);
    expect(rec.toasts).toEqual([{ level: 'success', content: 'Copied.', duration: 2 }]);
  });
  it("says 'Could not copy.' when the browser refuses or has no clipboard", async () => {
    setClipboard({ writeText: async () => Promise.reject(new Error('denied')) });
    expect(await copyToClipboard('x', words)).toBe(false);
    setClipboard(undefined);
    expect(await copyToClipboard('x', words)).toBe(false);
    expect(rec.toasts).toEqual([
      { level: 'error', content: 'Could not copy.', duration: 2 },
      { level: 'error', content: 'Could not copy.', duration: 2 },
    ]);
  });
});

describe('route pushes', () => {
  it('swallows a push that throws or rejects', async () => {
    registerNavigate(() => {
      throw new Error('navigation blocked');
    });
    expect(() => navigateTo('/x')).not.toThrow();
    // A rejected push is handled: the rejection reaches a handler navigateTo attached.
    const rejected = Promise.reject(new Error('navigation aborted'));
    const handled = jest.spyOn(rejected, 'catch');
    registerNavigate(() => rejected);
    expect(() => navigateTo('/y')).not.toThrow();
    expect(handled).toHaveBeenCalledTimes(1);
    await expect(handled.mock.results[0].value).resolves.toBeUndefined();
  });
});

describe('the language catalogues', () => {
  const root = path.join(__dirname, '../../../src/client');
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : [path.join(dir, d.name)]));
  const sources = files(root).filter(
    (f) => /\.tsx?$/.test(f) && !f.endsWith('i18n.ts') && fs.readFileSync(f, 'utf8').includes('defineMessages('),
  );

  it('finds the catalogues', () => {
    expect(sources.map((f) => path.relative(root, f))).toEqual(
      expect.arrayContaining(['app/messages.ts', 'features/session/messages.ts', 'shared/sharedMessages.ts']),
    );
  });

  it.each(sources.map((f) => [path.relative(root, f), f]))(
    '%s has the same keys in en-US and zh-CN, no empty text, and Chinese in zh-CN',
    async (_name, file) => {
      const mod = (await import(file)) as Record<string, unknown>;
      const catalogues = Object.values(mod).filter(
        (v): v is Record<'en-US' | 'zh-CN', Record<string, string>> =>
          typeof v === 'object' && v !== null && 'en-US' in v && 'zh-CN' in v,
      );
      expect(catalogues.length).toBeGreaterThan(0);
      for (const c of catalogues) {
        expect(Object.keys(c['zh-CN']).sort()).toEqual(Object.keys(c['en-US']).sort());
        for (const locale of ['en-US', 'zh-CN'] as const) {
          for (const [key, text] of Object.entries(c[locale]))
            expect([locale, key, typeof text === 'string' && text.trim().length > 0]).toEqual([locale, key, true]);
        }
        // The Chinese side is written in Chinese (characters, or Chinese punctuation such as the
        // enumeration comma), not left in English.
        for (const [key, text] of Object.entries(c['zh-CN']))
          expect([key, /[\u3001-\u303f\u3400-\u9fff\uff01-\uff5e]/.test(text)]).toEqual([key, true]);
      }
    },
  );

  it('uses the sentences of docs/SPEC.md word for word in English', async () => {
    const { shellMessages } = await import('@client/app/messages');
    const { sessionMessages } = await import('@client/features/session/messages');
    const en = shellMessages['en-US'];
    expect([
      en.notFound,
      en.serverError,
      en.unavailable,
      en.loginAgain,
      en.busy,
      en.timeout,
      en.noResponse,
      en.copySucceeded,
      en.copyFailed,
      en.loading,
    ]).toEqual([
      'This request does not exist.',
      'The server ran into a problem. Please try again later.',
      'The service is temporarily unavailable. Please try again later.',
      'Please log in again.',
      'The system is busy. Please try again later.',
      'The request timed out. Check your network connection.',
      'The request failed. Check that your network is connected.',
      'Copied.',
      'Could not copy.',
      'Loading...',
    ]);
    expect(en.notSenior).toBe('Your information is incomplete; you cannot take part in club activities!');
    expect(en.notSeniorAssets).toBe('Your information is incomplete; you cannot access the My Assets page!');
    expect([en.completeNow, en.notNow]).toEqual(['Complete now', 'Not now']);
    expect(sessionMessages['en-US'].exitSucceeded).toBe('You have logged out.');
  });
});
