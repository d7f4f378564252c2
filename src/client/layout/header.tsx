import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { appConfig } from '../app-config';
import { useAuth } from '../auth/use-auth';
import { Logo } from './logo';
import { navClass } from './nav-class';

// The account menu and the phone menu load when first reached for: pointing at, touching or focusing their
// button starts the download, so it is there (or nearly) by the time the click lands.
const loadMenus = () => import('./header-menus');
const AccountMenu = lazy(() => loadMenus().then((m) => ({ default: m.AccountMenu })));
const MobileMenu = lazy(() => loadMenus().then((m) => ({ default: m.MobileMenu })));
const preload = {
  onPointerEnter: () => void loadMenus().catch(() => undefined),
  onPointerDown: () => void loadMenus().catch(() => undefined),
  onFocus: () => void loadMenus().catch(() => undefined),
};

export function Header() {
  const auth = useAuth();
  const [mobileOpen, toggleMobile, closeMobile] = useOpenUntilNavigation();
  const [accountOpen, toggleAccount, closeAccount] = useOpenUntilNavigation();
  const headerRef = useRef<HTMLElement>(null);
  const accountRef = useRef<HTMLDivElement>(null);
  const mobileId = useId();
  const accountId = useId();
  const buttonClass = 'rounded-md border border-stone-300 px-3 py-2 text-sm font-medium text-stone-800';

  return (
    <header ref={headerRef} className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="rounded-md text-stone-900" aria-label={`${appConfig.restaurantName} home`}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navClass}>
            Make Reservation
          </NavLink>
          <NavLink to="/my-reservations" className={navClass}>
            My Reservations
          </NavLink>
          {auth.status === 'loading' && <span className="w-20" aria-hidden="true" />}
          {auth.status === 'signedOut' && (
            <Link
              to="/auth/signin"
              className="ml-2 rounded-md bg-red-900 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              Sign in
            </Link>
          )}
          {auth.status === 'signedIn' && (
            <div ref={accountRef} className="relative ml-2">
              <button
                type="button"
                className={`${buttonClass} hover:bg-stone-50`}
                aria-expanded={accountOpen}
                aria-controls={accountId}
                onClick={toggleAccount}
                {...preload}
              >
                Account
              </button>
              {accountOpen && (
                <Suspense>
                  <AccountMenu
                    id={accountId}
                    containerRef={accountRef}
                    close={closeAccount}
                    isAdmin={auth.user.isAdmin}
                    email={auth.user.email}
                  />
                </Suspense>
              )}
            </div>
          )}
        </nav>

        <button
          type="button"
          className={`${buttonClass} md:hidden`}
          aria-expanded={mobileOpen}
          aria-controls={mobileId}
          onClick={toggleMobile}
          {...preload}
        >
          {mobileOpen ? 'Close menu' : 'Menu'}
        </button>
      </div>

      {mobileOpen && (
        <Suspense>
          <MobileMenu id={mobileId} containerRef={headerRef} close={closeMobile} auth={auth} />
        </Suspense>
      )}
    </header>
  );
}

/** Open state of a popup that closes by itself when the path changes (following one of its links). */
function useOpenUntilNavigation(): [open: boolean, toggle: () => void, close: () => void] {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const toggle = useCallback(() => setOpenOn((current) => (current === pathname ? null : pathname)), [pathname]);
  const close = useCallback(() => setOpenOn(null), []);
  return [openOn === pathname, toggle, close];
}
