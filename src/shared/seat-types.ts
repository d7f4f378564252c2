// Where a party sits, written once (SPEC section 3): a reservation's seat type, and a table's place. No zod
// here: screens on the first load use these.

export const SEAT_TYPES = ['table', 'counter'] as const;
export type SeatType = (typeof SEAT_TYPES)[number];

export const TABLE_LOCATIONS = ['floor', 'counter'] as const;
export type TableLocation = (typeof TABLE_LOCATIONS)[number];
