// The booking form's field rules (SPEC section 5), in the spec's words: the schemas that check a booking (loaded by
// the form when first used, and by the server) say them. Import as a namespace:
// `import * as fieldMessages from '../shared/messages/booking-fields'`.

export const selectTime = 'Please select a time for your reservation';
export const invalidTime = 'Invalid time format selected';
export const enterPhone = 'Please enter your phone number';
export const invalidPhone = 'Please enter a valid phone number';
export const nameTooShort = 'Name must be at least 2 characters long';
export const selectGuests = 'Please select the number of guests';
export const invalidGuests = 'Please select a valid number of guests';
export const enterReminderEmail = 'Please enter an email address for reminders';
