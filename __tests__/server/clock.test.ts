/**
 * One clock for people: a time read on a page, in a PDF or in a spreadsheet is Beijing time
 * (Asia/Shanghai), never the stored UTC. The gateway's clock stands at 17:30 UTC, when Beijing is
 * already on the next day.
 */
import ExcelJS from 'exceljs';
import { callPath } from '@contract/calls';
import { FixedClock } from '@server/services/clock';
import { beijingDay, formatDate, formatDateTime, formatStamp } from '@common/time';
import { startGateway, type TestGateway } from './support/gateway';
import { pdfText } from './policy/pdfText';
import { DEMO } from './policy/support';

const NOW = new Date('2026-11-27T17:30:05.000Z');
let gw: TestGateway;
let hr: string;
beforeAll(async () => {
  gw = await startGateway({}, { clock: new FixedClock(NOW) });
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

describe('the formatter', () => {
  it('writes instants in Beijing time, one way per language, and passes dates and Beijing wall times through', () => {
    expect(beijingDay(NOW)).toBe('2026-11-28');
    expect(formatDate('2026-11-27T17:30:05Z')).toBe('2026-11-28');
    expect(formatDate('2026-03-01', { minusOneDay: true })).toBe('2026-02-28');
    expect(formatDateTime(NOW)).toBe('2026-11-28\u00a001:30');
    expect(formatDateTime(NOW, { seconds: true, space: ' ' })).toBe('2026-11-28 01:30:05');
    expect(formatDateTime('2026-11-28 09:15')).toBe('2026-11-28\u00a009:15');
    expect(formatStamp(NOW, 'en-US')).toBe('2026-11-28 01:30 (Beijing time)');
    expect(formatStamp(NOW, 'zh-CN')).toBe('2026-11-28 01:30（北京时间）');
    expect(formatStamp(NOW, 'both', { seconds: true })).toBe('2026-11-28 01:30:05 北京时间 Beijing time');
    expect(formatDate('2026-02-30')).toBe('');
  });
});

describe('what people read', () => {
  it("a page: the questionnaire says the Beijing day it was answered on, in the reader's language", async () => {
    const cookie = await gw.login('member-senior');
    const user = await gw.app.services.db
      .selectFrom('app_user')
      .select(['id', 'customer_id'])
      .where('username', '=', 'member-senior')
      .executeTakeFirstOrThrow();
    await gw.app.services.db
      .insertInto('survey_answer')
      .values({
        customer_id: user.customer_id,
        user_id: user.id,
        survey: 'satisfaction-2026',
        answers: '{}',
        comment: null,
        answered_at: NOW.toISOString(),
      })
      .execute();
    const zh = await gw.app.inject({ method: 'GET', url: '/site/questionnaire?lang=zh-CN', headers: { cookie } });
    expect(zh.body).toContain('您已于 2026-11-28 填写过本问卷');
    const en = await gw.app.inject({ method: 'GET', url: '/site/questionnaire?lang=en-US', headers: { cookie } });
    expect(en.body).toContain('You answered this questionnaire on 2026-11-28.');
    expect(en.body).not.toContain('2026-11-27');
  });

  it('a PDF: the e-policy is stamped in Beijing time, said in both languages, never UTC', async () => {
    const res = await gw.raw('blocLegal/policyDownload/download', { policyNo: DEMO.hengsheng.motor }, { cookie: hr });
    const text = pdfText(res.rawPayload).replace(/\s*\n\s*/g, '');
    expect(text).toContain('2026-11-28 01:30:05 北京时间 Beijing time');
    expect(text).not.toMatch(/UTC|17:30/);
  });

  it("a sheet: the roster export's footer gives the Beijing time it was taken at", async () => {
    const policy = await gw.app.services.db
      .selectFrom('policy')
      .select('id')
      .where('policy_no', '=', DEMO.hengsheng.groupAccident)
      .executeTakeFirstOrThrow();
    for (const [lang, want] of [
      ['zh-CN', '名单导出时间：2026-11-28 01:30（北京时间）'],
      ['en-US', 'List as of 2026-11-28 01:30 (Beijing time)'],
    ] as const) {
      const res = await gw.app.inject({
        method: 'POST',
        url: callPath('blocLegal/employee/downloadEmployeeListExcel', gw.config.portal.gatewayPrefix),
        headers: { cookie: hr, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
        payload: new URLSearchParams({ channelType: '1', policyId: String(policy.id) }).toString(),
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0].headerFooter.oddFooter).toContain(want);
    }
  });
});
