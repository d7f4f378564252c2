import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { appConfig, phoneHref } from '../app-config';
import { useAuth } from '../auth/use-auth';
import { Logo } from './logo';
import { useInView } from './use-in-view';

// The logos of the restaurant's pages elsewhere load when they come into view: the footer starts below the fold,
// and the drawings are not needed to book (docs/decisions/0004-first-load-budget.md).
const SiteLogo = lazy(() => import('./site-logo').then((m) => ({ default: m.SiteLogo })));

const linkClass = 'text-sm text-stone-300 hover:text-white hover:underline';

export function Footer() {
  const auth = useAuth();
  const elsewhereRef = useRef<HTMLUListElement>(null);
  const showLogos = useInView(elsewhereRef);
  return (
    <footer className="mt-16 bg-stone-900 text-stone-100">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-stone-300">{appConfig.address}</p>
          <p className="text-sm">
            <a className={linkClass} href={phoneHref(appConfig.phone)}>
              {appConfig.phone}
            </a>
          </p>
          {appConfig.links.length > 0 && (
            <ul ref={elsewhereRef} className="flex flex-wrap gap-2" aria-label="Find us elsewhere">
              {appConfig.links.map((link) => (
                <li key={link.url}>
                  {/* A logo that says which site; its name is the link's name, and shows on hover. */}
                  <a
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-300 hover:bg-stone-800 hover:text-white"
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.label}
                    title={link.label}
                  >
                    {showLogos && (
                      <Suspense>
                        <SiteLogo link={link} />
                      </Suspense>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        <nav aria-labelledby="footer-navigation">
          <h2 id="footer-navigation" className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-400">
            Navigation
          </h2>
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} to="/">
                Make Reservation
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/my-reservations">
                My Reservations
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-400">
            Legal
          </h2>
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} to="/legal/terms-of-service">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/legal/privacy-policy">
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>

        {auth.status === 'signedIn' && (
          <nav aria-labelledby="footer-account">
            <h2 id="footer-account" className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-400">
              Account
            </h2>
            <ul className="space-y-2">
              <li>
                <Link className={linkClass} to="/settings/general">
                  Settings
                </Link>
              </li>
              {/* For every signed-in visitor, as the spec lists it: a guest who follows it is told it is the
                  admin's, and sent home. */}
              <li>
                <Link className={linkClass} to="/admin">
                  Admin
                </Link>
              </li>
            </ul>
          </nav>
        )}
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">
        © {new Date().getFullYear()} {appConfig.restaurantName}
      </p>
    </footer>
  );
}
