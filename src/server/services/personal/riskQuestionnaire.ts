/**
 * The investor risk questionnaire (suitability assessment) asked before investment-linked and
 * universal-life products: ten questions, each option worth points; the sum gives one of five
 * levels. Scoring happens only here, in the gateway; the portal only shows questions.
 */
import type { RiskQuestion } from '../../../contract/io/personal';

export const QUESTIONNAIRE_VERSION = 'RQ-2026-01';
/** A result stays valid for one year, after which the member is asked to take it again. */
export const VALIDITY_DAYS = 365;

interface ScoredQuestion extends RiskQuestion {
  /** Points by option code: a Map, so that an answer named like an Object property ('constructor') scores nothing. */
  points: ReadonlyMap<string, number>;
}

const q = (code: string, text: string, options: Array<[string, string, number]>): ScoredQuestion => ({
  code,
  text,
  options: options.map(([c, t]) => ({ code: c, text: t })),
  points: new Map(options.map(([c, , p]) => [c, p])),
});

const QUESTIONS: ScoredQuestion[] = [
  q('age', 'What is your age?', [
    ['A', 'Over 65', 1],
    ['B', '51 to 65', 3],
    ['C', '31 to 50', 5],
    ['D', '18 to 30', 4],
  ]),
  q('income', 'What is your household annual income?', [
    ['A', 'Under ¥100,000', 1],
    ['B', '¥100,000 to ¥300,000', 3],
    ['C', '¥300,000 to ¥1,000,000', 5],
    ['D', 'Over ¥1,000,000', 7],
  ]),
  q('share', 'What share of your household assets would you invest?', [
    ['A', 'Under 10%', 1],
    ['B', '10% to 30%', 3],
    ['C', '30% to 50%', 5],
    ['D', 'Over 50%', 7],
  ]),
  q('experience', 'How long have you invested in funds, shares or similar products?', [
    ['A', 'Never', 1],
    ['B', 'Under 2 years', 3],
    ['C', '2 to 5 years', 5],
    ['D', 'Over 5 years', 7],
  ]),
  q('knowledge', 'How well do you know investment products?', [
    ['A', 'Hardly at all', 1],
    ['B', 'Some basic knowledge', 3],
    ['C', 'Quite well', 5],
    ['D', 'Very well, professionally', 7],
  ]),
  q('horizon', 'How long do you plan to keep an investment?', [
    ['A', 'Under 1 year', 1],
    ['B', '1 to 3 years', 3],
    ['C', '3 to 5 years', 5],
    ['D', 'Over 5 years', 7],
  ]),
  q('goal', 'What is your main goal?', [
    ['A', 'Keep my capital safe', 1],
    ['B', 'Steady income with little risk', 3],
    ['C', 'Balanced growth', 5],
    ['D', 'High growth, accepting large swings', 7],
  ]),
  q('loss', 'What loss in one year could you accept?', [
    ['A', 'No loss at all', 1],
    ['B', 'Up to 10%', 3],
    ['C', '10% to 30%', 5],
    ['D', 'Over 30%', 7],
  ]),
  q('reaction', 'Your investment falls 20% in a month. What do you do?', [
    ['A', 'Sell everything', 1],
    ['B', 'Sell part of it', 3],
    ['C', 'Hold and wait', 5],
    ['D', 'Buy more', 7],
  ]),
  q('debt', 'How much of your income goes to paying debts?', [
    ['A', 'Over 50%', 1],
    ['B', '30% to 50%', 3],
    ['C', '10% to 30%', 5],
    ['D', 'Under 10%', 7],
  ]),
];

/** Level names, 1 (lowest risk) to 5; index 0 unused. */
export const LEVEL_NAMES = ['', 'Conservative', 'Moderately conservative', 'Balanced', 'Growth', 'Aggressive'];

/** Upper score bound of levels 1-4 (10 questions, 10-69 points). */
const BOUNDS = [20, 34, 48, 60];

export function riskQuestions(): RiskQuestion[] {
  return QUESTIONS.map(({ code, text, options }) => ({ code, text, options }));
}

export type Scoring = { ok: true; score: number; level: number } | { ok: false; message: string };

export function scoreAnswers(answers: unknown): Scoring {
  if (!answers || typeof answers !== 'object' || Array.isArray(answers))
    return { ok: false, message: 'The answers could not be read.' };
  const given = answers as Record<string, unknown>;
  const unknown = Object.keys(given).filter((k) => !QUESTIONS.some((question) => question.code === k));
  if (unknown.length) return { ok: false, message: 'The answers name a question this questionnaire does not have.' };
  let score = 0;
  for (const [index, question] of QUESTIONS.entries()) {
    const option = Object.hasOwn(given, question.code) ? given[question.code] : undefined;
    if (option === undefined || option === null || option === '')
      return { ok: false, message: `Answer question ${index + 1} before submitting.` };
    const points = typeof option === 'string' ? question.points.get(option) : undefined;
    if (points === undefined)
      return { ok: false, message: `The answer to question ${index + 1} is not one of its options.` };
    score += points;
  }
  const level = BOUNDS.findIndex((bound) => score <= bound);
  return { ok: true, score, level: level === -1 ? 5 : level + 1 };
}
