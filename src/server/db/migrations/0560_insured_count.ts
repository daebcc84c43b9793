import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * policy.insured_count: the people insured (insured_person.state 1) of each policy, kept by the
 * database itself (triggers on insured_person), so the policy lists read a column instead of counting
 * a roster's index entries for every row of every page. Whatever writes insured_person (a gateway, the
 * roster worker, an operator's script, another gateway on the same PostgreSQL) keeps it right.
 */
export const insuredCount = (dialect: DialectName) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('policy')
      .addColumn('insured_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update policy set insured_count = (select count(*) from insured_person i where i.policy_id = policy.id and i.state = 1)`.execute(
      db,
    );
    if (dialect === 'postgres') {
      await sql`
        create function insured_count_follow() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and old.state = 1 then
            update policy set insured_count = insured_count - 1 where id = old.policy_id;
          end if;
          if tg_op in ('UPDATE', 'INSERT') and new.state = 1 then
            update policy set insured_count = insured_count + 1 where id = new.policy_id;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger insured_count_insert after insert on insured_person
        for each row when (new.state = 1) execute function insured_count_follow()`.execute(db);
      await sql`create trigger insured_count_delete after delete on insured_person
        for each row when (old.state = 1) execute function insured_count_follow()`.execute(db);
      await sql`create trigger insured_count_update after update of state, policy_id on insured_person
        for each row when (old.state is distinct from new.state or old.policy_id is distinct from new.policy_id)
        execute function insured_count_follow()`.execute(db);
    } else {
      await sql`create trigger insured_count_insert after insert on insured_person when new.state = 1
        begin update policy set insured_count = insured_count + 1 where id = new.policy_id; end`.execute(db);
      await sql`create trigger insured_count_delete after delete on insured_person when old.state = 1
        begin update policy set insured_count = insured_count - 1 where id = old.policy_id; end`.execute(db);
      await sql`create trigger insured_count_update after update of state, policy_id on insured_person
        when old.state is not new.state or old.policy_id is not new.policy_id
        begin
          update policy set insured_count = insured_count - 1 where id = old.policy_id and old.state = 1;
          update policy set insured_count = insured_count + 1 where id = new.policy_id and new.state = 1;
        end`.execute(db);
    }
  },
  async down(db: Kysely<any>) {
    await sql`drop trigger if exists insured_count_insert${dialect === 'postgres' ? sql` on insured_person` : sql``}`.execute(
      db,
    );
    await sql`drop trigger if exists insured_count_delete${dialect === 'postgres' ? sql` on insured_person` : sql``}`.execute(
      db,
    );
    await sql`drop trigger if exists insured_count_update${dialect === 'postgres' ? sql` on insured_person` : sql``}`.execute(
      db,
    );
    if (dialect === 'postgres') await sql`drop function if exists insured_count_follow()`.execute(db);
    await db.schema.alterTable('policy').dropColumn('insured_count').execute();
  },
});
