import { appConfig } from '../../app-config';
import { LegalContact, LegalList, LegalSection } from './legal-text';

// The spec's privacy policy points (SPEC section 2), with placeholder contact details from the configuration.
export function PrivacyContent() {
  const { restaurantName, retentionDays } = appConfig;
  const retention =
    retentionDays % 365 === 0
      ? `${retentionDays / 365} ${retentionDays === 365 ? 'year' : 'years'}`
      : `${retentionDays} days`;
  return (
    <div className="space-y-8">
      <LegalSection title="What we collect">
        <p>When you create an account and book with {restaurantName}, we keep:</p>
        <LegalList>
          <li>your name, email address and phone number;</li>
          <li>your reservation details: date, time, party size, seating, and any special request you write.</li>
        </LegalList>
      </LegalSection>

      <LegalSection title="How we use your email">
        <p>
          We use the email address on a reservation only to send you a reminder on the morning of your reservation.
          Besides that, we email your account address only when you ask us to, such as a password reset or an address
          confirmation.
        </p>
      </LegalSection>

      <LegalSection title="No marketing, no selling">
        <p>We do not send marketing, and we never sell, rent or trade your data to anyone.</p>
      </LegalSection>

      <LegalSection title="Storage and retention">
        <p>
          Your data is stored securely: passwords are hashed, connections are encrypted, and only our staff can see
          reservations. {retention} after a reservation's date, we remove your name, phone number and email from it. You
          can delete your account at any time in Settings: your upcoming reservations are cancelled and your details are
          removed from past ones.
        </p>
      </LegalSection>

      <LegalSection title="Who else handles your data">
        <p>
          Our servers and database are run by a hosting provider, which stores the data on our behalf and may not use it
          for anything else. No other third party receives it.
        </p>
      </LegalSection>

      <LegalSection title="Your rights">
        <p>
          You may ask to see the data we hold about you, to correct it, or to delete it, and you may object to how we
          use it. Contact us as below and we will answer within 30 days.
        </p>
      </LegalSection>

      <LegalSection title="Children">
        <p>
          The service is not meant for children under the age of 13, and we do not knowingly collect data about them. If
          you believe a child has given us data, contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalContact email="privacy@example.com" />
    </div>
  );
}
