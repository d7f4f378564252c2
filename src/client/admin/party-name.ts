import type { AdminReservation } from '../../shared/reservation';

/** What the admin's screens call a party: its name, or "Walk-in" for a party at the door that gave none. */
export const partyName = (r: Pick<AdminReservation, 'name' | 'service'>) =>
  r.name === '' && r.service.walkIn ? 'Walk-in' : r.name;
