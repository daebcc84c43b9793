import type { Kysely } from 'kysely';

/** A member answers a questionnaire once: a second answer (two tabs, a double click) is refused by the database too. */
export const siteSurveyOnce = () => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('survey_answer_once')
      .on('survey_answer')
      .columns(['user_id', 'survey'])
      .unique()
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('survey_answer_once').execute();
  },
});
