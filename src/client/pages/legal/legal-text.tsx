import type { ReactNode } from 'react';
import { appConfig, phoneHref } from '../../app-config';

// Building blocks for the legal documents, so both read alike.

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <div className="space-y-3 leading-relaxed text-stone-700">{children}</div>
    </section>
  );
}

export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1 pl-6">{children}</ul>;
}

/** The closing "Contact" section both documents end with: the restaurant, a mailbox for the document's matter, the phone. */
export function LegalContact({ email }: { email: string }) {
  const { restaurantName, address, phone } = appConfig;
  return (
    <LegalSection title="Contact">
      <p>
        {restaurantName}, {address}. Email{' '}
        <a className="underline" href={`mailto:${email}`}>
          {email}
        </a>{' '}
        or call{' '}
        <a className="underline" href={phoneHref(phone)}>
          {phone}
        </a>
        .
      </p>
    </LegalSection>
  );
}
