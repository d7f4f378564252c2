import { describe, expect, it } from 'vitest';
import { createReservationSchema } from './reservation-schemas';
import { walkInSchema } from './walk-in-schemas';

/** The first message the schema gives for `field` on this input, or undefined. */
function messageFor(schema: typeof walkInSchema | typeof createReservationSchema, input: object, field: string) {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('the walk-in schema', () => {
  it('takes a party with nothing but its size; a blank name or phone is one not given', () => {
    expect(walkInSchema.parse({ partySize: '2', name: '   ', phoneNumber: '' })).toEqual({
      partySize: 2,
      seatType: 'table',
    });
    expect(walkInSchema.parse({ partySize: 3, name: ' Kenji ', phoneNumber: '(555) 010-0123' })).toMatchObject({
      name: 'Kenji',
      phoneNumber: '5550100123',
    });
  });

  it("refuses what the booking form refuses, in the booking form's words", () => {
    const bad: [string, unknown][] = [
      ['partySize', 0],
      ['partySize', 41],
      ['partySize', 2.5],
      ['name', 'A'],
      ['name', 'Two\nLines'],
      ['phoneNumber', '12'],
      ['tableIds', []],
      ['tableIds', ['3', '3']],
      ['seatType', 'bar'],
    ];
    for (const [field, value] of bad) {
      const walkIn = messageFor(walkInSchema, { partySize: 2, [field]: value }, field);
      expect(walkIn, `${field}: ${JSON.stringify(value)}`).toBeDefined();
      expect(walkIn, `${field}: ${JSON.stringify(value)}`).toBe(
        messageFor(createReservationSchema, { [field]: value }, field),
      );
    }
    expect(walkInSchema.safeParse({}).success).toBe(false);
    // No email: a walk-in is told nothing by mail.
    expect(walkInSchema.safeParse({ partySize: 2, reminderEmail: 'a@example.com' }).success).toBe(false);
  });
});
