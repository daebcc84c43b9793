import type { SeedContext } from './context';

/** The standalone install's own pages (fixtures/demo/site.json): its branches and the customer service's questions. */
interface SiteFixture {
  branches: Array<{
    code: string;
    cityEn: string;
    cityZh: string;
    nameEn: string;
    nameZh: string;
    addressEn: string;
    addressZh: string;
    phone: string;
    hoursEn: string;
    hoursZh: string;
  }>;
  faq: Array<{
    topic: string;
    questionEn: string;
    questionZh: string;
    answerEn: string;
    answerZh: string;
    keywords: string;
    link: string | null;
  }>;
}

export async function seedSite(ctx: SeedContext) {
  const { branches, faq } = ctx.readFixture<SiteFixture>('site.json');
  await ctx.db
    .insertInto('branch')
    .values(
      branches.map((b, sort) => ({
        code: b.code,
        city_en: b.cityEn,
        city_zh: b.cityZh,
        name_en: b.nameEn,
        name_zh: b.nameZh,
        address_en: b.addressEn,
        address_zh: b.addressZh,
        phone: b.phone,
        hours_en: b.hoursEn,
        hours_zh: b.hoursZh,
        sort,
      })),
    )
    .execute();
  await ctx.db
    .insertInto('faq_entry')
    .values(
      faq.map((f, sort) => ({
        topic: f.topic,
        question_en: f.questionEn,
        question_zh: f.questionZh,
        answer_en: f.answerEn,
        answer_zh: f.answerZh,
        keywords: f.keywords,
        link: f.link,
        sort,
      })),
    )
    .execute();
}
