import { Link } from 'react-router';
import { appConfig, phoneHref } from '../../app-config';
import { LegalContact, LegalList, LegalSection } from './legal-text';

// The spec's terms rules (SPEC section 2), with placeholder contact details drawn from the configuration.
export function TermsContent() {
  const { restaurantName, phone } = appConfig;
  return (
    <div className="space-y-8">
      <LegalSection title="Agreement">
        <p>
          These terms apply whenever you use {restaurantName}&apos;s online reservation service. By creating an account
          or making a reservation you agree to them. If you do not agree, please book by phone instead.
        </p>
      </LegalSection>

      <LegalSection title="The service">
        <p>
          You can book a table or counter seats for dinner, and see, change or cancel your own reservations. Each
          reservation holds your seats for 90 minutes. Parties of 1 to 6 can book online; for 7 or more guests, please
          call us at{' '}
          <a className="underline" href={phoneHref(phone)}>
            {phone}
          </a>{' '}
          so we can prepare for you.
        </p>
      </LegalSection>

      <LegalSection title="Your responsibilities">
        <LegalList>
          <li>
            <strong>Give accurate information.</strong> Use your real name, a phone number we can reach you on, and an
            email address you read.
          </li>
          <li>
            <strong>No abuse.</strong> Do not misuse the booking system, our staff or other guests, and do not make
            bookings with scripts or in bulk, or hold seats you do not mean to use.
          </li>
          <li>
            <strong>No duplicate reservations for the same slot.</strong> One reservation per party per time slot; we
            may cancel duplicates.
          </li>
          <li>
            <strong>Arrive on time.</strong> We hold your seats for 15 minutes after the reserved time. After that they
            may be given to other guests, and a late arrival shortens your 90 minutes.
          </li>
          <li>
            <strong>Cancel at least 24 hours ahead.</strong> Cancel in{' '}
            <Link className="underline" to="/my-reservations">
              My Reservations
            </Link>{' '}
            or by phone, so someone else can have the seats.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection title="Late cancellations and no-shows">
        <p>
          A cancellation later than 24 hours before the reservation, or not arriving at all, may cost you future booking
          privileges. For events or large groups, it may also incur charges, which we will tell you about when you book.
        </p>
      </LegalSection>

      <LegalSection title="Changes to these terms">
        <p>
          We may update these terms; the date at the top shows the latest version. Using the service after a change
          means you accept the new terms.
        </p>
      </LegalSection>

      <LegalContact email="reservations@example.com" />
    </div>
  );
}
