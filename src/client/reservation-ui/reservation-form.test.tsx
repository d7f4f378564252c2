import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReservationForm, type ReservationFormValues } from './reservation-form';

// The booking form's own validation, with the spec's exact messages (SPEC section 5). The admin's edit form
// lets "Save" be pressed with nothing filled in, so every "required" message can be seen.

const empty: ReservationFormValues = {
  name: '',
  phoneNumber: '',
  reservationDate: '',
  partySize: '',
  seatType: 'table',
  startTime: null,
  reminderEmail: '',
  specialRequests: '',
};

function renderForm(initial: ReservationFormValues, onSubmit = vi.fn()) {
  // No server here: availability queries fail quietly instead of retrying.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReservationForm
        mode={{
          kind: 'editAny',
          isAdmin: true,
          reservationId: 'r1',
          missingTimeMessage: 'No time selected for the reservation',
        }}
        initial={initial}
        submitLabel="Save Changes"
        busyLabel="Updating reservation..."
        busy={false}
        failure={null}
        onSubmit={onSubmit}
      />
    </QueryClientProvider>,
  );
  return onSubmit;
}

describe('ReservationForm validation', () => {
  it('names every missing field with the spec message and focuses the first', async () => {
    const onSubmit = renderForm(empty);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    for (const message of [
      'Please enter your phone number',
      'Please select a date',
      'Please select the number of guests',
      'No time selected for the reservation',
      'Please enter an email address for reminders',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    // Errors are tied to their fields for screen readers.
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name');
    await vi.waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a short name, a bad phone, a bad email, and a Monday', async () => {
    const onSubmit = renderForm({
      ...empty,
      name: 'A',
      phoneNumber: '555-01',
      reservationDate: '2026-11-30', // a Monday
      partySize: '2',
      startTime: 1900,
      reminderEmail: 'ann@',
    });
    expect(screen.getByText('We are closed on Mondays')).toBeInTheDocument();
    // The refusal takes the date's hint's place, and the times say what to do about it.
    expect(screen.queryByText('We are open Tuesday to Sunday.')).not.toBeInTheDocument();
    expect(screen.getByText('Choose another date to see available times.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name must be at least 2 characters long')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends valid input with the phone as digits only', async () => {
    const onSubmit = renderForm({
      ...empty,
      name: 'Ann Guest',
      phoneNumber: '555-010-0199',
      reservationDate: '2026-12-01',
      partySize: '2',
      startTime: 1900,
      reminderEmail: 'ann@example.com',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Ann Guest',
      phoneNumber: '5550100199',
      reservationDate: '2026-12-01',
      partySize: 2,
      startTime: 1900,
      reminderEmail: 'ann@example.com',
      specialRequests: null,
    });
  });

  it('formats the phone number 3-3-4 as it is typed', async () => {
    renderForm(empty);
    await userEvent.type(screen.getByLabelText('Phone Number'), '5550100199');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('555-010-0199');
  });
});
