import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Blocked seats (docs/decisions/0017-the-host-stand.md): the host holds tables back for a time on some dates (or
 * whole dates), with a short note. A block holds its tables in table_holds as a reservation does, so the one key
 * that forbids a double booking also keeps a booking and a block off the same table at once: a hold now belongs to
 * a reservation or to a block (exactly one of them), and goes with it.
 *
 * SQLite cannot loosen a column or add a reference in place: there table_holds is made again, rows and all, in one
 * transaction. PostgreSQL alters it (its migrations run in a transaction already).
 */
export function seatBlocks(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('seat_blocks')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('tableIds', 'text', (col) => col.notNull())
        .addColumn('firstDate', 'text', (col) => col.notNull())
        .addColumn('lastDate', 'text', (col) => col.notNull())
        .addColumn('startTime', 'integer', (col) => col.notNull())
        .addColumn('endTime', 'integer', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull())
        .addColumn('createdAt', 'text', (col) => col.notNull())
        .addColumn('createdBy', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('seat_blocks_dates_idx')
        .on('seat_blocks')
        .columns(['firstDate', 'lastDate'])
        .execute();
      if (dialect === 'postgres') {
        await sql`alter table table_holds alter column "reservationId" drop not null`.execute(db);
        await sql`alter table table_holds add column "blockId" text references seat_blocks(id) on delete cascade`.execute(
          db,
        );
        await sql`alter table table_holds add constraint table_holds_one_holder check (("reservationId" is null) <> ("blockId" is null))`.execute(
          db,
        );
      } else {
        await db.transaction().execute(async (trx) => {
          await sql`create table table_holds_new (
            "tableId" text not null references tables(id),
            "reservationDate" text not null,
            "blockStart" integer not null,
            "reservationId" text references reservations(id) on delete cascade,
            "blockId" text references seat_blocks(id) on delete cascade,
            constraint table_holds_pk primary key ("tableId", "reservationDate", "blockStart"),
            constraint table_holds_one_holder check (("reservationId" is null) <> ("blockId" is null))
          )`.execute(trx);
          await sql`insert into table_holds_new ("tableId", "reservationDate", "blockStart", "reservationId")
            select "tableId", "reservationDate", "blockStart", "reservationId" from table_holds`.execute(trx);
          await sql`drop table table_holds`.execute(trx);
          await sql`alter table table_holds_new rename to table_holds`.execute(trx);
          await sql`create index table_holds_reservation_idx on table_holds ("reservationId")`.execute(trx);
        });
      }
      await db.schema.createIndex('table_holds_block_idx').on('table_holds').column('blockId').execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`delete from table_holds where "blockId" is not null`.execute(db);
      await db.schema.dropIndex('table_holds_block_idx').execute();
      if (dialect === 'postgres') {
        await sql`alter table table_holds drop constraint table_holds_one_holder`.execute(db);
        await sql`alter table table_holds drop column "blockId"`.execute(db);
        await sql`alter table table_holds alter column "reservationId" set not null`.execute(db);
      } else {
        await db.transaction().execute(async (trx) => {
          await sql`create table table_holds_old (
            "tableId" text not null references tables(id),
            "reservationDate" text not null,
            "blockStart" integer not null,
            "reservationId" text not null references reservations(id) on delete cascade,
            constraint table_holds_pk primary key ("tableId", "reservationDate", "blockStart")
          )`.execute(trx);
          await sql`insert into table_holds_old select "tableId", "reservationDate", "blockStart", "reservationId" from table_holds`.execute(
            trx,
          );
          await sql`drop table table_holds`.execute(trx);
          await sql`alter table table_holds_old rename to table_holds`.execute(trx);
          await sql`create index table_holds_reservation_idx on table_holds ("reservationId")`.execute(trx);
        });
      }
      await db.schema.dropTable('seat_blocks').execute();
    },
  };
}
