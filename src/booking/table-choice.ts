// The admin's own choice of tables (the picker on /, Change Seats, and the server that checks both): the seats
// of the tables chosen must at least seat the party (SPEC sections 5 and 8).

/** The seats of the chosen tables, among those offered. */
export function seatsChosen(chosen: readonly string[], tables: readonly { id: string; numSeats: number }[]): number {
  return tables.filter((table) => chosen.includes(table.id)).reduce((sum, table) => sum + table.numSeats, 0);
}

export const seatsEnough = (seats: number, partySize: number) => seats >= partySize;
