import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { Footer } from './footer';
import { Header } from './header';
import { PageErrorBoundary } from './page-error-boundary';
import { ScrollToTop } from './scroll-to-top';

// Shown once, on the page a new account lands on (the sign-up form says so in the navigation's state).
const SignedUpNotice = lazy(() => import('../auth/signed-up-notice').then((m) => ({ default: m.SignedUpNotice })));

/** Every page's frame. `notFound` is the 404 page, shown for a path ending in a slash (routes match exactly). */
export function RootLayout({ notFound }: { notFound: ReactNode }) {
  const location = useLocation();
  const { pathname } = location;
  const signedUp = (location.state as { signedUp?: boolean } | null)?.signedUp;
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
        {signedUp && (
          <Suspense>
            <SignedUpNotice />
          </Suspense>
        )}
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
