import type { RestaurantDetails } from '../../booking/restaurant-settings';
import { formatLongDate } from '../../booking/calendar';
import { formatTime12h } from '../../booking/clock';
import type { MailMessage } from './mailer';

// Every email the app sends, in one place: a plain-text and an HTML body, signed with the restaurant's
// name, address and phone as the owner's settings have them when the email is written.

type Restaurant = RestaurantDetails;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function compose(
  restaurant: Restaurant,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const signature = [restaurant.name, restaurant.address, restaurant.phone];
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', ...signature].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1c1917;max-width:560px;margin:auto">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#7f1d1d;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#57534e">Or open this link: ${escapeHtml(action.url)}</p>` : ''}
<hr><p style="font-size:12px;color:#57534e">${signature.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { to, subject, text, html };
}

export interface ReminderDetails {
  name: string;
  reservationDate: string;
  startTime: number;
  endTime: number;
  partySize: number;
}

export const mailTemplates = {
  reminder: (restaurant: Restaurant, to: string, r: ReminderDetails, myReservationsUrl: string) =>
    compose(
      restaurant,
      to,
      `Reminder: your table at ${restaurant.name} today at ${formatTime12h(r.startTime)}`,
      [
        `Hello ${r.name},`,
        `This is a reminder of your reservation today, ${formatLongDate(r.reservationDate)}, from ${formatTime12h(r.startTime)} to ${formatTime12h(r.endTime)}, for ${r.partySize} ${r.partySize === 1 ? 'person' : 'people'}.`,
        `To change or cancel it, open My Reservations. If plans change at short notice, please call us at ${restaurant.phone}.`,
        'We look forward to seeing you.',
      ],
      { label: 'My Reservations', url: myReservationsUrl },
    ),

  verifyEmail: (restaurant: Restaurant, to: string, url: string) =>
    compose(
      restaurant,
      to,
      `Confirm your email for ${restaurant.name}`,
      [
        'Hello,',
        `Please confirm that ${to} is your email address. The link works once and expires in 3 days.`,
        "If you didn't create an account, you can ignore this email.",
      ],
      { label: 'Confirm email', url },
    ),

  resetPassword: (restaurant: Restaurant, to: string, url: string) =>
    compose(
      restaurant,
      to,
      `Reset your ${restaurant.name} password`,
      [
        'Hello,',
        'Someone asked to reset the password of your account. Follow the link to choose a new one. It works once and expires in 1 hour.',
        "If you didn't ask for this, you can ignore this email; your password stays the same.",
      ],
      { label: 'Reset password', url },
    ),

  signUpAttempt: (restaurant: Restaurant, to: string, signInUrl: string, resetUrl: string) =>
    compose(restaurant, to, `Someone tried to create a ${restaurant.name} account with your email`, [
      'Hello,',
      `Someone just tried to create an account with this address (${to}), which already has one.`,
      `If it was you, sign in instead: ${signInUrl}. If you have forgotten your password, you can reset it here: ${resetUrl}.`,
      "If it wasn't you, you can ignore this email: nothing about your account has changed.",
    ]),

  emailChanged: (restaurant: Restaurant, to: string, newEmail: string, url: string) =>
    compose(
      restaurant,
      to,
      `Your ${restaurant.name} sign-in email was changed`,
      [
        'Hello,',
        `The email address of your account was changed to ${newEmail}.`,
        "If you didn't make this change, follow the link to set it back to this address and secure your account.",
      ],
      { label: 'Undo the change', url },
    ),
};
