/**
 * The standalone install's own main-portal pages (/site/...): every page answers in both languages
 * with content from the demo data, the customer service finds answers in English and Chinese and says
 * when it has none, the questionnaire keeps a member's answers and refuses bad ones, and what a
 * visitor types comes back escaped.
 */
import { PROMISES } from '@common/insurer';
import { loadConfig } from '@server/config';
import { startGateway, type TestGateway } from './support/gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

const get = (url: string, headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url, headers });
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

const PAGES: Array<[string, string, string]> = [
  ['/site/', 'Huaxin Insurance Group', '华信保险集团'],
  ['/site/products', 'Insurance products', '保险产品'],
  ['/site/wealth', 'Wealth management', '财富管理'],
  ['/site/service', 'Service center', '服务中心'],
  ['/site/claims', 'Claims center', '理赔中心'],
  ['/site/about', 'About us', '关于我们'],
  ['/site/help', 'Help center', '帮助中心'],
  ['/site/privacy', 'Privacy policy', '隐私政策'],
  ['/site/contact', 'Contact us', '联系我们'],
  ['/site/assistant', 'Intelligent customer service', '智能客服'],
  ['/site/questionnaire', 'Satisfaction questionnaire', '满意度问卷'],
];

describe('the pages', () => {
  it.each(PAGES)(
    '%s answers in English and in Chinese, with the frame, favicon and security headers',
    async (url, en, zh) => {
      const english = await get(`${url}?lang=en-US`);
      expect(english.statusCode).toBe(200);
      expect(english.headers['content-type']).toContain('text/html');
      expect(english.headers['content-security-policy']).toContain("default-src 'self'");
      expect(english.headers['x-content-type-options']).toBe('nosniff');
      expect(english.body).toContain('<html lang="en-US">');
      expect(heading(english.body)).toBe(en);
      expect(english.body).toContain('<link rel="icon" href="/favicon.svg"');
      // The way back to the Member Center and the language switch keeping the page.
      expect(english.body).toContain('href="/legal/" data-testid="member-center">Member Center</a>');
      expect(english.body).toMatch(/href="\/site\/[a-z]*\?lang=zh-CN" hreflang="zh-CN"/);
      expect(english.body).not.toMatch(/<script/i);

      const chinese = await get(`${url}?lang=zh-CN`);
      expect(chinese.statusCode).toBe(200);
      expect(chinese.body).toContain('<html lang="zh-CN">');
      expect(heading(chinese.body)).toBe(zh);
      expect(chinese.body).toContain('>会员中心</a>');
    },
  );

  it('chooses the language by lang, else the portal language cookie, else Accept-Language', async () => {
    expect((await get('/site/about', { 'accept-language': 'zh-CN,zh;q=0.9' })).body).toContain('<h1>关于我们</h1>');
    expect((await get('/site/about', { 'accept-language': 'en-GB' })).body).toContain('<h1>About us</h1>');
    const cookie = await get('/site/about', { 'accept-language': 'en-GB', cookie: 'mc_locale=zh-CN' });
    expect(cookie.body).toContain('<h1>关于我们</h1>');
    const asked = await get('/site/about?lang=en-US', { 'accept-language': 'zh-CN', cookie: 'mc_locale=zh-CN' });
    expect(asked.body).toContain('<h1>About us</h1>');
    expect((await get('/site/about?lang=fr')).body).toContain('<html lang="en-US">');
    const bare = await get('/site?lang=zh-CN');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/site/?lang=zh-CN');
  });

  it('lists the products on sale by category with their coverage and prices', async () => {
    const en = (await get('/site/products?lang=en-US')).body;
    for (const category of ['property', 'motor', 'health', 'accident', 'travel', 'life', 'group'])
      expect(en).toContain(`data-category="${category}"`);
    expect(en).toContain('Anxin Million medical insurance');
    expect(en).toContain('from ¥186.00 per year');
    expect(en).toContain('Critical illness medical benefit');
    expect(en).toContain('up to ¥6,000,000.00');
    expect(en).toContain('Commercial motor insurance');
    const zh = (await get('/site/products?lang=zh-CN')).body;
    expect(zh).toContain('安心百万医疗保险');
    expect(zh).toContain('¥186.00 起/年');
    expect(zh).toContain('重大疾病医疗保险金');
  });

  it('shows the funds with their unit values and the asset management products', async () => {
    const en = (await get('/site/wealth?lang=en-US')).body;
    expect(en).toContain('Money market fund');
    expect(en).toContain('¥1.2876');
    expect(en).toContain('Huaxin Steady Pension Plan');
    expect(en).toContain('Fushou Ankang whole life');
    expect((await get('/site/wealth?lang=zh-CN')).body).toContain('科技成长基金');
  });

  it('gives the hotlines and the branches with their addresses', async () => {
    const en = (await get('/site/service?lang=en-US')).body;
    expect(en).toContain('href="tel:95518"');
    expect(en).toContain('400-889-5518');
    expect(en).toContain('1000 Lujiazui Ring Road, Pudong New Area, Shanghai');
    expect(en).toContain('021-6888-5518');
    const zh = (await get('/site/service?lang=zh-CN')).body;
    expect(zh).toContain('上海市浦东新区陆家嘴环路 1000 号');
    expect((zh.match(/data-label="电话"/g) ?? []).length).toBe(10);
  });

  it('leads from the claims centre into the portal to report and follow claims', async () => {
    const en = (await get('/site/claims?lang=en-US')).body;
    expect(en).toContain('href="/legal/claimReport?kind=car"');
    expect(en).toContain('href="/legal/claimReport?kind=nonCar"');
    expect(en).toContain('href="/legal/myclaims/claimList"');
    expect(en).toContain('Discharge summary or diagnosis');
    expect((await get('/site/claims?lang=zh-CN')).body).toContain('出院小结或诊断证明');
  });

  it('says the service promises as configured, the same as the portal says them', async () => {
    const en = (await get('/site/claims?lang=en-US')).body;
    expect(en).toContain(`A surveyor contacts you within ${PROMISES.surveyHours} hours for motor claims`);
    expect(en).toContain(`motor accidents within ${PROMISES.motorReportHours} hours`);
    const zh = (await get('/site/claims?lang=zh-CN')).body;
    expect(zh).toContain(`车险案件 ${PROMISES.surveyHours} 小时内、其他案件 ${PROMISES.contactDays} 个工作日内`);
    const help = (await get('/site/help?lang=en-US')).body;
    expect(help).toContain(`answer within ${PROMISES.complaintDays} days`);
    for (const page of [en, zh, help]) expect(page).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it('has a full privacy policy in both languages and the frequent questions by topic', async () => {
    const en = (await get('/site/privacy?lang=en-US')).body;
    expect((en.match(/<section data-section>/g) ?? []).length).toBe(9);
    expect(en).toContain('Your rights');
    expect((await get('/site/privacy?lang=zh-CN')).body).toContain('七、您的权利');
    const help = (await get('/site/help?lang=en-US')).body;
    expect((help.match(/<details class="faq"/g) ?? []).length).toBe(30);
    expect(help).toContain('I forgot my password.');
  });
});

describe('the help pages (/help/)', () => {
  it.each(['legal.html', 'new-car.html'])(
    '%s is in Chinese for a Chinese user (the language cookie, else Accept-Language) and in English otherwise',
    async (page) => {
      const english = await get(`/help/${page}`, { 'accept-language': 'en-US' });
      expect(english.statusCode).toBe(200);
      expect(english.headers['content-type']).toContain('text/html');
      expect(english.body).toContain('<html lang="en">');
      const byCookie = await get(`/help/${page}`, { cookie: 'mc_locale=zh-CN', 'accept-language': 'en-US' });
      expect(byCookie.body).toContain('<html lang="zh-CN">');
      expect(heading(byCookie.body)).toMatch(/^[\u4e00-\u9fff]+$/);
      const byBrowser = await get(`/help/${page}`, { 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(byBrowser.body).toBe(byCookie.body);
      const chosenEnglish = await get(`/help/${page}`, { cookie: 'mc_locale=en-US', 'accept-language': 'zh-CN' });
      expect(chosenEnglish.body).toBe(english.body);
    },
  );
});

describe('the intelligent customer service', () => {
  const ask = async (q: string, lang = 'en-US') =>
    (await get(`/site/assistant?lang=${lang}&q=${encodeURIComponent(q)}`)).body;
  const firstAnswer = (html: string) => /<article class="answer"[^>]*><h3>([^<]*)<\/h3>/.exec(html)?.[1];

  it('finds answers to questions asked in English', async () => {
    expect(firstAnswer(await ask('how do I report a claim?'))).toBe('How do I report a claim?');
    expect(firstAnswer(await ask('forgot my password'))).toBe('I forgot my password.');
    expect(firstAnswer(await ask('Invoices for premiums'))).toBe('How do I get an invoice for my premium?');
  });

  it('finds answers to questions asked in Chinese, by their characters', async () => {
    expect(firstAnswer(await ask('忘记密码了怎么办', 'zh-CN'))).toBe('忘记密码怎么办？');
    expect(firstAnswer(await ask('理赔进度', 'zh-CN'))).toBe('如何查询理赔进度？');
    // A Chinese question on the English page: answered in English.
    expect(firstAnswer(await ask('怎么退保'))).toBe('Can I cancel a policy and get my premium back?');
  });

  it('says when it has no answer and gives the hotline', async () => {
    const none = await ask('zebra crossing quantum');
    expect(none).toContain('data-testid="no-answer"');
    expect(none).toContain('We found no answer to “zebra crossing quantum”. Please call 95518');
    expect(await ask('天气预报', 'zh-CN')).toContain('没有找到与“天气预报”相关的解答。请拨打 95518');
  });

  it('shows what a visitor typed escaped', async () => {
    const html = await ask('<script>alert(1)</script>"><img src=x onerror=alert(2)>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
  });
});

describe('the questionnaire', () => {
  const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const post = (cookie: string, values: Record<string, string>) =>
    gw.app.inject({
      method: 'POST',
      url: '/site/questionnaire',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: form(values),
    });

  it('asks a visitor who is not logged in to log in, and keeps nothing', async () => {
    const page = await get('/site/questionnaire?lang=en-US');
    expect(page.body).toContain('data-testid="survey-login"');
    expect(page.body).toContain('href="/idprovider/login"');
    const sent = await post('', { lang: 'en-US', overall: '5', ease: '5', channel: 'app', recommend: 'yes' });
    expect(sent.statusCode).toBe(401);
    const count = await gw.app.services.db
      .selectFrom('survey_answer')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses missing and unknown answers and a long comment, on the fields, in the language of the form', async () => {
    const cookie = await gw.login('member-basic');
    const page = await get('/site/questionnaire?lang=en-US', { cookie });
    expect(page.body).toContain('name="overall" value="5"');
    const bad = await post(cookie, { lang: 'en-US', overall: '9', channel: 'app', comment: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Please correct the answers marked below.');
    expect(bad.body).toMatch(/data-question="overall"[^>]*>[\s\S]*?Please choose one of the answers shown\./);
    expect(bad.body).toMatch(/data-question="ease"[^>]*>[\s\S]*?Please choose an answer\./);
    expect(bad.body).toContain('Please keep the comment to 500 characters.');
    // What was chosen stays chosen.
    expect(bad.body).toContain('name="channel" value="app" checked');
    const zh = await post(cookie, { lang: 'zh-CN', overall: '5' });
    expect(zh.body).toContain('请选择一个答案。');
    const hostile = await post(cookie, { lang: 'en-US', comment: '</textarea><script>alert(1)</script>' });
    expect(hostile.body).not.toContain('<script>alert(1)');
    expect(hostile.body).toContain('&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const rows = await gw.app.services.db.selectFrom('survey_answer').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it("keeps a member's answers once, thanks them, and says so when they come back", async () => {
    const cookie = await gw.login('member-senior');
    const sent = await post(cookie, {
      lang: 'zh-CN',
      overall: '4',
      ease: '5',
      channel: 'portal',
      recommend: 'yes',
      comment: '  理赔很快 <b>谢谢</b>  ',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/site/questionnaire/thanks?lang=zh-CN');
    const thanks = await get(sent.headers.location as string, { cookie });
    expect(heading(thanks.body)).toBe('感谢您的参与');
    const rows = await gw.app.services.db.selectFrom('survey_answer').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].answers)).toEqual({ overall: '4', ease: '5', channel: 'portal', recommend: 'yes' });
    expect(rows[0].comment).toBe('理赔很快 <b>谢谢</b>');
    expect(rows[0].survey).toBe('satisfaction-2026');

    const again = await get('/site/questionnaire?lang=en-US', { cookie });
    expect(again.body).toMatch(/You answered this questionnaire on \d{4}-\d{2}-\d{2}\. Thank you!/);
    expect(again.body).not.toContain('<form method="post"');
    const second = await post(cookie, { lang: 'en-US', overall: '1', ease: '1', channel: 'app', recommend: 'no' });
    expect(second.body).toContain('data-testid="survey-done"');
    expect(await gw.app.services.db.selectFrom('survey_answer').selectAll().execute()).toHaveLength(1);
  });

  it('refuses a questionnaire posted from another site', async () => {
    const cookie = await gw.login('member-senior');
    const forged = await gw.app.inject({
      method: 'POST',
      url: '/site/questionnaire',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: form({ overall: '1', ease: '1', channel: 'app', recommend: 'no' }),
    });
    expect(forged.statusCode).not.toBe(303);
    expect(await gw.app.services.db.selectFrom('survey_answer').selectAll().execute()).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('points the portal links at the standalone pages by default, each replaceable', () => {
    const { links } = loadConfig({}).portal;
    expect(links).toMatchObject({
      products: '/site/products',
      wealth: '/site/wealth',
      serviceCenter: '/site/service',
      claimsCenter: '/site/claims',
      about: '/site/about',
      helpCenter: '/site/help',
      privacy: '/site/privacy',
      contact: '/site/contact',
      assistant: '/site/assistant',
      questionnaire: '/site/questionnaire',
    });
    const replaced = loadConfig({
      LINK_PRIVACY: 'https://www.insurer.example/privacy',
      LINK_ASSISTANT: 'https://bot.example/',
    }).portal.links;
    expect(replaced.privacy).toBe('https://www.insurer.example/privacy');
    expect(replaced.assistant).toBe('https://bot.example/');
  });
});
