import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { Footer } from './footer';
import { Header } from './header';
import { PageErrorBoundary } from './page-error-boundary';
import { ScrollToTop } from './scroll-to-top';

/** Every page's frame. `notFound` is the 404 page, shown for a path ending in a slash (routes match exactly). */
export function RootLayout({ notFound }: { notFound: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and pages that fill in as their data
          arrives never push it around in view (no layout shift). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-5xl flex-1 px-4 py-8">
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            {pathname.length > 1 && pathname.endsWith('/') ? notFound : <Outlet />}
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
