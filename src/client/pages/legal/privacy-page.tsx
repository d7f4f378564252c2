import { useDocumentTitle } from '../../layout/use-document-title';
import { LastUpdated } from './last-updated';
import { PrivacyContent } from './privacy-content';

/** /privacy: the privacy policy on its own page (the admin dashboard's privacy note links here). */
export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <article className="mx-auto max-w-3xl space-y-6 rounded-lg bg-white p-6 shadow-sm sm:p-10">
      <h1 className="text-3xl font-bold text-stone-900">Privacy Policy</h1>
      <LastUpdated />
      <PrivacyContent />
    </article>
  );
}
