import type { Generated } from 'kysely';

/**
 * What the standalone install's own pages and services read and keep (migration 0430): branches of
 * the service centre, the customer service's questions and answers, the questionnaire's answers.
 * Texts in both languages.
 */

interface BranchTable {
  id: Generated<number>;
  code: string;
  city_en: string;
  city_zh: string;
  name_en: string;
  name_zh: string;
  address_en: string;
  address_zh: string;
  phone: string;
  hours_en: string;
  hours_zh: string;
  sort: number;
}

interface FaqEntryTable {
  id: Generated<number>;
  /** 'policy' | 'claim' | 'payment' | 'account' | 'invoice' | 'corporate' | 'complaint'. */
  topic: string;
  question_en: string;
  question_zh: string;
  answer_en: string;
  answer_zh: string;
  /** Words people search with, both languages, space-separated. */
  keywords: string;
  /** A portal page that does what the answer says, relative to the router base. */
  link: string | null;
  sort: number;
}

interface SurveyAnswerTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  /** Which questionnaire ('satisfaction-2026'). */
  survey: string;
  /** JSON object: question code to answer. */
  answers: string;
  comment: string | null;
  answered_at: string;
}

export interface SiteTables {
  branch: BranchTable;
  faq_entry: FaqEntryTable;
  survey_answer: SurveyAnswerTable;
}
