import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../layout/use-document-title';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold text-stone-900">Page not found</h1>
      <p className="mt-4 break-words text-stone-700">The page {pathname} could not be found</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-red-900 px-5 py-3 font-semibold text-white hover:bg-red-800"
      >
        Make Reservation
      </Link>
    </section>
  );
}
