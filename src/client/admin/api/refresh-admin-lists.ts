import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/** What the admin is told of a reservation they had open that another tab or device cancelled meanwhile. */
export const CANCELLED_ELSEWHERE = 'This reservation was cancelled elsewhere (in another tab or on another device).';

/** After the admin's writes: the day's list and the search's are asked again (the live stream also tells). */
export async function refreshAdminLists(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  await queryClient.invalidateQueries({ queryKey: adminKeys.allDays });
}
