// The double-booking guard's refusal (decision 0002): the key on table_holds, as each database reports it.

/** True when the error is the database refusing a second hold of a table block. */
export function isHoldConflict(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
