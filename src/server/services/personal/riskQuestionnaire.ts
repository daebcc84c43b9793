/**
 * The investor risk questionnaire (suitability assessment) asked before investment-linked and
 * universal-life products: ten questions, each option worth points; the sum gives one of five
 * levels. Scoring happens only here, in the gateway; the portal only shows questions. The words of
 * the questions, options and levels are the catalogue's ('risk.question.<code>',
 * 'risk.option.<code>.<option>', 'risk.level.<n>').
 */
import type { RiskQuestion } from '@contract/io/personal';
import type { MessageKey } from '@server/messages/catalogue';
import type { Voice } from '../texts';

export const QUESTIONNAIRE_VERSION = 'RQ-2026-01';
/** A result stays valid for one year, after which the member is asked to take it again. */
export const VALIDITY_DAYS = 365;

/** Each question's options and their points. */
const QUESTIONS: Array<{ code: string; points: Record<string, number> }> = [
  { code: 'age', points: { A: 1, B: 3, C: 5, D: 4 } },
  { code: 'income', points: { A: 1, B: 3, C: 5, D: 7 } },
  { code: 'share', points: { A: 1, B: 3, C: 5, D: 7 } },
  { code: 'experience', points: { A: 1, B: 3, C: 5, D: 7 } },
  { code: 'knowledge', points: { A: 1, B: 3, C: 5, D: 7 } },
  { code: 'horizon', points: { A: 1, B: 3, C: 5, D: 7 } },
  { code: 'goal', points: { A: 1, B: 3, C: 5, D: 7 } },
  { code: 'loss', points: { A: 1, B: 3, C: 5, D: 7 } },
  { code: 'reaction', points: { A: 1, B: 3, C: 5, D: 7 } },
  { code: 'debt', points: { A: 1, B: 3, C: 5, D: 7 } },
];

/** Levels 1 (lowest risk) to 5, in the reader's language. */
export const levelName = (voice: Voice, level: number) =>
  level >= 1 && level <= 5 ? voice.t(`risk.level.${level}` as MessageKey) : '';

/** Upper score bound of levels 1-4 (10 questions, 10-69 points). */
const BOUNDS = [20, 34, 48, 60];

export function riskQuestions(voice: Voice): RiskQuestion[] {
  return QUESTIONS.map(({ code, points }) => ({
    code,
    text: voice.t(`risk.question.${code}` as MessageKey),
    options: Object.keys(points).map((option) => ({
      code: option,
      text: voice.t(`risk.option.${code}.${option}` as MessageKey),
    })),
  }));
}

export type Scoring =
  | { ok: true; score: number; level: number }
  | { ok: false; key: 'risk.unknownQuestion' | 'risk.unanswered' | 'risk.notAnOption'; question?: number };

export function scoreAnswers(answers: Record<string, string>): Scoring {
  if (Object.keys(answers).some((k) => !QUESTIONS.some((question) => question.code === k)))
    return { ok: false, key: 'risk.unknownQuestion' };
  let score = 0;
  for (const [index, question] of QUESTIONS.entries()) {
    const option = answers[question.code];
    if (option === undefined || option === '') return { ok: false, key: 'risk.unanswered', question: index + 1 };
    const points = Object.hasOwn(question.points, option) ? question.points[option] : undefined;
    if (points === undefined) return { ok: false, key: 'risk.notAnOption', question: index + 1 };
    score += points;
  }
  const level = BOUNDS.findIndex((bound) => score <= bound);
  return { ok: true, score, level: level === -1 ? 5 : level + 1 };
}
