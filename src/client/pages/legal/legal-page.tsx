import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../layout/use-document-title';
import { LastUpdated } from './last-updated';
import { PrivacyContent } from './privacy-content';
import { TermsContent } from './terms-content';

const SECTIONS = {
  'terms-of-service': { label: 'Terms of Service', Content: TermsContent },
  'privacy-policy': { label: 'Privacy Policy', Content: PrivacyContent },
} as const;

type Section = keyof typeof SECTIONS;

const isSection = (value: string | undefined): value is Section =>
  value === 'terms-of-service' || value === 'privacy-policy';

/** /legal/{section}: two tabs; any section other than privacy-policy shows the terms. */
export function LegalPage() {
  const { section } = useParams();
  const active: Section = isSection(section) ? section : 'terms-of-service';
  const { label, Content } = SECTIONS[active];
  useDocumentTitle(`Legal: ${label}`);

  return (
    <article className="mx-auto max-w-3xl rounded-lg bg-white p-6 shadow-sm sm:p-10">
      <h1 className="text-3xl font-bold text-stone-900">Legal</h1>
      <nav aria-label="Legal documents" className="mt-6 flex gap-2 border-b border-stone-200">
        {(Object.keys(SECTIONS) as Section[]).map((key) => (
          <Link
            key={key}
            to={`/legal/${key}`}
            aria-current={key === active ? 'page' : undefined}
            className={`-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold ${
              key === active
                ? 'border-red-900 bg-red-50 text-red-900'
                : 'border-transparent text-stone-600 hover:text-stone-900'
            }`}
          >
            {SECTIONS[key].label}
          </Link>
        ))}
      </nav>
      <div className="mt-6 space-y-6">
        <LastUpdated />
        <Content />
      </div>
    </article>
  );
}
