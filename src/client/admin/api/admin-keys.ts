// The admin's queries' keys, in one place: a write names what to read again by these, never by a literal.

export const adminKeys = {
  tables: ['admin', 'tables'] as const,
  allDays: ['admin', 'day'] as const,
  day: (date: string) => [...adminKeys.allDays, date] as const,
  all: ['admin', 'all'] as const,
  mailStatus: ['admin', 'mail-status'] as const,
  backups: ['admin', 'backups'] as const,
  print: (date: string | null, text: string) => ['admin', 'print', date, text] as const,
  history: (id: string) => ['admin', 'history', id] as const,
  allBlocks: ['admin', 'blocks'] as const,
  blocks: (date: string) => [...adminKeys.allBlocks, date] as const,
};
