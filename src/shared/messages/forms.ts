// The spec's field messages that booking and account forms share (SPEC section 5).

export const enterName = 'Please enter your name';
export const enterEmail = 'Please enter an email address';
export const invalidEmail = 'Please enter a valid email address';
