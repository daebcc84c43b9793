import { withPromises } from '@common/insurer';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { MessageKey } from '../messages/catalogue';
import type { Clock } from './clock';
import type { Product, Products } from './products';

/** A text in both languages. */
export interface Both {
  en: string;
  zh: string;
}

/** What the standalone install's own pages say (fixtures/demo/site.json), read once. */
export interface SiteContent {
  /** The insurer's tagline (its names and hotline: src/common/insurer.ts). */
  insurer: { taglineEn: string; taglineZh: string };
  home: {
    introEn: string;
    introZh: string;
    highlights: Array<{ titleEn: string; titleZh: string; textEn: string; textZh: string }>;
  };
  categories: Array<{ code: string; nameEn: string; nameZh: string; textEn: string; textZh: string }>;
  wealth: {
    introEn: string;
    introZh: string;
    fundNotesEn: Record<string, string>;
    fundNotesZh: Record<string, string>;
    plans: Array<{
      nameEn: string;
      nameZh: string;
      risk: number;
      minFen: number;
      termEn: string;
      termZh: string;
      textEn: string;
      textZh: string;
    }>;
    riskEn: string;
    riskZh: string;
  };
  hotlines: Array<{ nameEn: string; nameZh: string; number: string }>;
  services: Array<{ titleEn: string; titleZh: string; textEn: string; textZh: string }>;
  claims: {
    steps: Array<{ titleEn: string; titleZh: string; textEn: string; textZh: string }>;
    documents: Array<{ kindEn: string; kindZh: string; itemsEn: string[]; itemsZh: string[] }>;
  };
  about: {
    paragraphsEn: string[];
    paragraphsZh: string[];
    facts: Array<{ valueEn: string; valueZh: string; labelEn: string; labelZh: string }>;
    companies: Array<{ nameEn: string; nameZh: string }>;
  };
  contact: {
    addressEn: string;
    addressZh: string;
    email: string;
    privacyEmail: string;
    mediaEmail: string;
    hoursEn: string;
    hoursZh: string;
  };
  privacy: { updated: string; sections: Array<{ titleEn: string; titleZh: string; textEn: string; textZh: string }> };
  questionnaire: {
    code: string;
    questions: Array<{
      code: string;
      textEn: string;
      textZh: string;
      options: Array<{ value: string; en: string; zh: string }>;
    }>;
  };
}

export interface Branch {
  city: Both;
  name: Both;
  address: Both;
  phone: string;
  hours: Both;
}

export interface FaqEntry {
  id: number;
  topic: string;
  question: Both;
  answer: Both;
  /** A portal page that does what the answer says, relative to the router base. */
  link: string | null;
}

export interface Fund {
  code: string;
  name: Both;
  riskLevel: number;
  navE4: number;
  navDate: string;
}

/** A questionnaire's answers as the form sends them, and what is wrong with them, by field. */
export type SurveyForm = Record<string, unknown>;
export type SurveyErrors = Record<string, MessageKey>;

/** Longest comment the questionnaire keeps. */
export const SURVEY_COMMENT_MAX = 500;
/** How many answers a search shows. */
const SEARCH_LIMIT = 5;
/** Below this score a question is not an answer (one word of an answer alone is not enough). */
const SEARCH_MIN_SCORE = 2;
const REFRESH_MS = 60_000;

const STOP_WORDS = new Set(
  (
    'a an the to of in on at for and or but is are was be been do does did i me my we our you your it its ' +
    'how what when where why which who can could should would will shall may might with from by about after ' +
    'before if then there this that these those have has had not no get got am please want need'
  ).split(' '),
);
/** Question words and fillers that say nothing about the subject. */
const STOP_BIGRAMS = new Set(
  '怎么 么办 如何 什么 我的 可以 请问 一下 你们 我们 是否 为什 哪些 能否 怎样 么样 有没 没有 需要 要什 么时'.split(' '),
);

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * The terms a text is searched by: English words (lower case, stop words out, plurals and -ing/-ed
 * cut) and, for Chinese, which has no spaces, every pair of neighbouring characters (a lone character
 * counts by itself).
 */
export function searchTerms(text: string): string[] {
  const lower = text.normalize('NFKC').toLowerCase();
  const out = new Set<string>();
  for (const word of lower.match(/[a-z0-9]+/g) ?? []) {
    if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    out.add(stem(word));
  }
  for (const run of lower.match(/[\u3400-\u9fff]+/g) ?? []) {
    if (run.length === 1) {
      out.add(run);
      continue;
    }
    for (let i = 0; i < run.length - 1; i += 1) {
      const pair = run.slice(i, i + 2);
      if (!STOP_BIGRAMS.has(pair)) out.add(pair);
    }
  }
  return [...out];
}

interface Indexed {
  entry: FaqEntry;
  question: Set<string>;
  keywords: Set<string>;
  answer: Set<string>;
}

/**
 * The standalone install's own main-portal pages (/site/...): their texts, the branches, the
 * customer service's searchable questions, the products and funds, and the questionnaire's answers.
 */
export class Site {
  private contentCache: SiteContent | null = null;
  private faqCache: { at: number; entries: Indexed[] } | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
    private readonly fixturesDir: string,
  ) {}

  content(): SiteContent {
    // The service promises are said as configured (src/common/insurer.ts), not as the file was written.
    this.contentCache ??= JSON.parse(
      withPromises(fs.readFileSync(path.join(this.fixturesDir, 'demo', 'site.json'), 'utf8')),
    ) as SiteContent;
    return this.contentCache;
  }

  async branches(): Promise<Branch[]> {
    const rows = await this.db.selectFrom('branch').selectAll().orderBy('sort').orderBy('id').execute();
    return rows.map((r) => ({
      city: { en: r.city_en, zh: r.city_zh },
      name: { en: r.name_en, zh: r.name_zh },
      address: { en: r.address_en, zh: r.address_zh },
      phone: r.phone,
      hours: { en: r.hours_en, zh: r.hours_zh },
    }));
  }

  private async indexed(): Promise<Indexed[]> {
    const now = this.clock.now().getTime();
    if (this.faqCache && now - this.faqCache.at < REFRESH_MS && now >= this.faqCache.at) return this.faqCache.entries;
    const rows = await this.db.selectFrom('faq_entry').selectAll().orderBy('sort').orderBy('id').execute();
    const entries = rows.map((r) => {
      const entry: FaqEntry = {
        id: r.id,
        topic: r.topic,
        question: { en: r.question_en, zh: r.question_zh },
        answer: { en: r.answer_en, zh: r.answer_zh },
        link: r.link,
      };
      return {
        entry,
        question: new Set(searchTerms(`${r.question_en} ${r.question_zh}`)),
        keywords: new Set(searchTerms(r.keywords)),
        answer: new Set(searchTerms(`${r.answer_en} ${r.answer_zh}`)),
      };
    });
    this.faqCache = { at: now, entries };
    return entries;
  }

  async faq(): Promise<FaqEntry[]> {
    return (await this.indexed()).map((i) => i.entry);
  }

  /**
   * The questions that answer a search, best first: each term of the search scores 3 when the
   * question has it, 2 when the keywords do, 1 when only the answer does; ties keep the list's order.
   */
  async search(query: string): Promise<FaqEntry[]> {
    const terms = searchTerms(query.slice(0, 200));
    if (terms.length === 0) return [];
    const scored = (await this.indexed()).map((i, order) => {
      let score = 0;
      for (const t of terms) {
        if (i.question.has(t)) score += 3;
        else if (i.keywords.has(t)) score += 2;
        else if (i.answer.has(t)) score += 1;
      }
      return { entry: i.entry, score, order };
    });
    return scored
      .filter((s) => s.score >= SEARCH_MIN_SCORE)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, SEARCH_LIMIT)
      .map((s) => s.entry);
  }

  /** The products on sale, by category in the order the site shows them. */
  async productsByCategory(): Promise<Array<{ code: string; products: Product[] }>> {
    const all = [...(await this.products.all()).values()].filter((p) => p.onSale);
    return this.content()
      .categories.map((c) => ({ code: c.code, products: all.filter((p) => p.category === c.code) }))
      .filter((c) => c.products.length > 0);
  }

  async funds(): Promise<Fund[]> {
    const rows = await this.db.selectFrom('fund').selectAll().orderBy('risk_level').orderBy('code').execute();
    return rows.map((r) => ({
      code: r.code,
      name: { en: r.name, zh: r.name_zh ?? r.name },
      riskLevel: r.risk_level,
      navE4: Number(r.nav_e4),
      navDate: r.nav_date,
    }));
  }

  /** When the user answered the questionnaire, if they did. */
  async answeredAt(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('survey_answer')
      .select('answered_at')
      .where('user_id', '=', userId)
      .where('survey', '=', this.content().questionnaire.code)
      .orderBy('answered_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.answered_at ?? null;
  }

  /** What is wrong with a questionnaire's answers, by field (nothing: an empty object). */
  checkSurvey(form: SurveyForm): SurveyErrors {
    const errors: SurveyErrors = {};
    for (const q of this.content().questionnaire.questions) {
      const value = form[q.code];
      if (value === undefined || value === '') errors[q.code] = 'site.survey.required';
      else if (typeof value !== 'string' || !q.options.some((o) => o.value === value))
        errors[q.code] = 'site.survey.notAnOption';
    }
    const comment = form.comment;
    if (comment !== undefined && typeof comment !== 'string') errors.comment = 'site.survey.commentTooLong';
    else if (typeof comment === 'string' && comment.trim().length > SURVEY_COMMENT_MAX)
      errors.comment = 'site.survey.commentTooLong';
    return errors;
  }

  /** Keeps a member's answers (checked by checkSurvey first); answers false when they had answered already. */
  async saveSurvey(user: { id: number; customer_id: number }, form: SurveyForm): Promise<boolean> {
    if (await this.answeredAt(user.id)) return false;
    const { questionnaire } = this.content();
    const answers = Object.fromEntries(questionnaire.questions.map((q) => [q.code, String(form[q.code])]));
    const comment = typeof form.comment === 'string' ? form.comment.trim() : '';
    const insert = this.db
      .insertInto('survey_answer')
      .values({
        customer_id: user.customer_id,
        user_id: user.id,
        survey: questionnaire.code,
        answers: JSON.stringify(answers),
        comment: comment || null,
        answered_at: this.clock.now().toISOString(),
      })
      // A second answer sent at the same moment meets the unique index (migration 0540): answered already.
      .onConflict((oc) => oc.columns(['user_id', 'survey']).doNothing())
      .executeTakeFirst();
    const result = await insert;
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
