import { sql, type Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * The audit trail (操作日志): one row per write a company's user made through the gateway, and per login
 * and failed login. Append-only in the database itself: an UPDATE is refused always, a DELETE until the
 * row's `keep_until` has passed (the retention the configuration gave when it was written), whoever
 * asks: the gateway's own role included. No foreign keys: a row outlives the user or company it names.
 */
export function auditTrail(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('audit_event'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('source', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('call', 'text')
        .addColumn('subject_kind', 'text')
        .addColumn('subject', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('keep_until', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_event_customer_at')
        .on('audit_event')
        .columns(['customer_id', 'at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_event_subject')
        .on('audit_event')
        .columns(['customer_id', 'subject_kind', 'subject', 'at'])
        .execute();
      // the corporate menu's entry, where a menu is there already (a new database gets it with the demo's)
      const parent = await db
        .selectFrom('menu_entry')
        .select('id')
        .where('audience', '=', 'legal')
        .where('name', '=', 'accountManage')
        .executeTakeFirst();
      if (parent) {
        const last = await db
          .selectFrom('menu_entry')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .where('parent_id', '=', parent.id)
          .executeTakeFirst();
        await db
          .insertInto('menu_entry')
          .values({
            audience: 'legal',
            parent_id: parent.id,
            sort: Number(last?.sort ?? 0) + 1,
            name: 'auditTrail',
            path: 'auditTrail',
            component: 'AuditTrail',
            hidden: 0,
            title: 'Activity log',
            icon: '',
            require_auth: 1,
            left_menu: 1,
          })
          .execute();
      }
      if (dialect === 'postgres') {
        await sql`
          create function audit_event_append_only() returns trigger language plpgsql as $$
          begin
            if tg_op = 'UPDATE' then
              raise exception 'audit_event is append-only: rows are never changed';
            end if;
            if old.keep_until > to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') then
              raise exception 'audit_event rows are kept until %', old.keep_until;
            end if;
            return old;
          end $$`.execute(db);
        await sql`create trigger audit_event_append_only before update or delete on audit_event
          for each row execute function audit_event_append_only()`.execute(db);
      } else {
        await sql`create trigger audit_event_no_update before update on audit_event
          begin select raise(abort, 'audit_event is append-only: rows are never changed'); end`.execute(db);
        await sql`create trigger audit_event_no_delete before delete on audit_event
          when old.keep_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          begin select raise(abort, 'audit_event rows are kept until their keep_until'); end`.execute(db);
      }
    },
    async down() {
      throw new Error('0610_audit_trail cannot be undone: restore the backup taken before it.');
    },
  };
}
