import { useCallback, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { appConfig, phoneHref } from '../app-config';
import { useAuth, type AuthState } from '../auth/use-auth';
import { useSignOut } from '../auth/use-sign-out';
import { Logo } from './logo';
import { useDismiss } from './use-dismiss';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-red-50 hover:text-red-900 ${isActive ? 'text-red-900 underline underline-offset-4' : 'text-stone-700'}`;

export function Header() {
  const auth = useAuth();
  const [mobileOpen, toggleMobile] = useOpenUntilNavigation();
  const mobileId = useId();

  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
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
          <AccountArea auth={auth} />
        </nav>

        <button
          type="button"
          className="rounded-md border border-stone-300 px-3 py-2 text-sm font-medium text-stone-800 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls={mobileId}
          onClick={toggleMobile}
        >
          {mobileOpen ? 'Close menu' : 'Menu'}
        </button>
      </div>

      {mobileOpen && (
        <nav id={mobileId} aria-label="Mobile" className="border-t border-stone-200 px-4 pb-4 md:hidden">
          <ul className="flex flex-col gap-1 pt-2">
            <li>
              <NavLink to="/" end className={navClass}>
                Make Reservation
              </NavLink>
            </li>
            <li>
              <NavLink to="/my-reservations" className={navClass}>
                My Reservations
              </NavLink>
            </li>
            <li>
              <a href={phoneHref(appConfig.phone)} className={navClass({ isActive: false })}>
                Call Us <span className="text-stone-500">{appConfig.phone}</span>
              </a>
            </li>
            <MobileAccountItems auth={auth} />
          </ul>
        </nav>
      )}
    </header>
  );
}

function AccountArea({ auth }: { auth: AuthState }) {
  if (auth.status === 'loading') return <span className="w-20" aria-hidden="true" />;
  if (auth.status === 'signedOut') {
    return (
      <Link
        to="/auth/signin"
        className="ml-2 rounded-md bg-red-900 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
      >
        Sign in
      </Link>
    );
  }
  return <AccountMenu isAdmin={auth.user.isAdmin} email={auth.user.email} />;
}

function AccountMenu({ isAdmin, email }: { isAdmin: boolean; email: string }) {
  const [open, toggle, close] = useOpenUntilNavigation();
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const signOut = useSignOut();
  useDismiss(containerRef, open, close);

  const itemClass = 'block w-full rounded px-3 py-2 text-left text-sm text-stone-800 hover:bg-red-50';
  return (
    <div ref={containerRef} className="relative ml-2">
      <button
        type="button"
        className="rounded-md border border-stone-300 px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        Account
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 mt-2 w-56 rounded-md border border-stone-200 bg-white p-1 shadow-lg"
        >
          <p className="truncate px-3 py-2 text-xs text-stone-500">{email}</p>
          <ul>
            <li>
              <Link to="/settings/general" className={itemClass}>
                Settings
              </Link>
            </li>
            {isAdmin && (
              <li>
                <Link to="/admin" className={itemClass}>
                  Admin
                </Link>
              </li>
            )}
            <li>
              <button type="button" className={itemClass} onClick={() => void signOut()}>
                Sign out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

function MobileAccountItems({ auth }: { auth: AuthState }) {
  const signOut = useSignOut();
  if (auth.status === 'loading') return null;
  if (auth.status === 'signedOut') {
    return (
      <li>
        <NavLink to="/auth/signin" className={navClass}>
          Sign in
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to="/settings/general" className={navClass}>
          Settings
        </NavLink>
      </li>
      {auth.user.isAdmin && (
        <li>
          <NavLink to="/admin" className={navClass}>
            Admin
          </NavLink>
        </li>
      )}
      <li>
        <button type="button" className={navClass({ isActive: false })} onClick={() => void signOut()}>
          Sign out
        </button>
      </li>
    </>
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
