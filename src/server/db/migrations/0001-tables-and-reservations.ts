import { sql, type Kysely, type Migration } from 'kysely';

// The spec's two collections. Indexes serve the reads of SPEC section 7:
// reservations by date (admin day view, availability), by booker email (guest list), and all by date (search).
export const tablesAndReservations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tables')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('numSeats', 'integer', (col) => col.notNull())
      .addColumn('location', 'text', (col) => col.notNull().check(sqlIn('location', ['floor', 'counter'])))
      .addColumn('isReservable', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('tables_location_idx').on('tables').column('location').execute();

    await db.schema
      .createTable('reservations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('tableIds', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('startTime', 'integer', (col) => col.notNull())
      .addColumn('endTime', 'integer', (col) => col.notNull())
      .addColumn('reservationDate', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('reminderEmail', 'text', (col) => col.notNull())
      .addColumn('partySize', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('phoneNumber', 'text', (col) => col.notNull())
      .addColumn('seatType', 'text', (col) =>
        col
          .notNull()
          .defaultTo('table')
          .check(sqlIn('seatType', ['table', 'counter'])),
      )
      .addColumn('specialRequests', 'text')
      .addColumn('createdAt', 'text', (col) => col.notNull())
      .addColumn('updatedAt', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('reservations_date_start_idx')
      .on('reservations')
      .columns(['reservationDate', 'startTime'])
      .execute();
    await db.schema
      .createIndex('reservations_email_date_idx')
      .on('reservations')
      .columns(['email', 'reservationDate'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reservations').execute();
    await db.schema.dropTable('tables').execute();
  },
};

function sqlIn(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
