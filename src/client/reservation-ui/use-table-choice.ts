import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { seatsChosen } from '../../booking/table-choice';
import type { SeatType } from '../../shared/seat-types';
import { api, unwrap } from '../api/api-client';

interface Slot {
  date: string;
  startTime: number;
  seatType: SeatType;
  /** The reservation whose seats are being changed: its own tables count as free. */
  excludeId?: string;
  /** The tables chosen when it opens (the picker's, reopened with Edit). */
  initial?: string[];
}

/** The query of the tables free for one slot, of one seat type, an edited reservation's own counted free. */
export const availableTablesKey = ({ date, startTime, seatType, excludeId }: Slot) =>
  ['admin', 'available-tables', date, startTime, seatType, excludeId ?? null] as const;

/**
 * The admin's own choice of tables for one slot: the tables free then (reservable or not), and those chosen.
 * The manual picker on / and Change Seats both choose this way.
 */
export function useTableChoice({ date, startTime, seatType, excludeId, initial = [] }: Slot) {
  const [selected, setSelected] = useState<string[]>(initial);
  const available = useQuery({
    queryKey: availableTablesKey({ date, startTime, seatType, excludeId }),
    queryFn: () =>
      unwrap(api.tables.available.$get({ query: { date, startTime: String(startTime), seatType, excludeId } })),
  });
  return {
    available,
    selected,
    /** The seats of the chosen tables. */
    seats: seatsChosen(selected, available.data?.tables ?? []),
    toggle: (id: string) =>
      setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id])),
    clear: () => setSelected([]),
  };
}

export type TableChoice = ReturnType<typeof useTableChoice>;
