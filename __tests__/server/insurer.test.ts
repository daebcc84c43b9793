/**
 * One insurer everywhere: the name, short name, logo and hotline of src/common/insurer.ts in the
 * main-site pages, PDFs, SMS texts and the gateway's texts.
 */
import { INSURER } from '@common/insurer';
import { startGateway, type TestGateway } from './support/gateway';
import { pdfText } from './policy/pdfText';
import { DEMO } from './policy/support';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => gw.close());

it("the main site's brand, logo and copyright", async () => {
  for (const lang of ['en-US', 'zh-CN'] as const) {
    const page = await gw.app.inject({ method: 'GET', url: `/site/?lang=${lang}` });
    expect(page.body).toContain(`<title>${INSURER.shortName[lang]}`);
    expect(page.body).toContain(`<img src="${INSURER.logo}"`);
    expect(page.body).toContain(INSURER.name[lang]);
  }
});

it("the e-policy's issuer and hotline", async () => {
  const hr = await gw.login('corp-hr');
  const res = await gw.raw('blocLegal/policyDownload/download', { policyNo: DEMO.hengsheng.motor }, { cookie: hr });
  const text = pdfText(res.rawPayload).replace(/\s*\n\s*/g, '');
  expect(text).toContain(INSURER.name['zh-CN']);
  expect(text).toContain(INSURER.name['en-US']);
  expect(text).toContain(`拨打客服热线 ${INSURER.hotline} 核验`);
});

it("the SMS text is signed with the insurer's short name, in the reader's language", async () => {
  const mobile = '13700000001';
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await gw.app.inject({
      method: 'POST',
      url: '/idprovider/register',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': `198.51.100.${lang.length}`,
      },
      payload: new URLSearchParams({
        action: 'send',
        mobile: lang === 'zh-CN' ? mobile : '13700000002',
        lang,
      }).toString(),
    });
  }
  const texts = await gw.app.services.db.selectFrom('sms_outbox').select(['phone', 'text']).execute();
  expect(texts.find((t) => t.phone === mobile)?.text).toMatch(new RegExp(`^【${INSURER.shortName['zh-CN']}】`));
  expect(texts.find((t) => t.phone === '13700000002')?.text).toMatch(
    new RegExp(`^\\[${INSURER.shortName['en-US']}\\]`),
  );
});

it('the login page names the hotline', async () => {
  const res = await gw.app.inject({
    method: 'GET',
    url: '/idprovider/login?lang=zh-CN',
  });
  expect(res.body).toContain(`全国客服热线 ${INSURER.hotline}`);
});
