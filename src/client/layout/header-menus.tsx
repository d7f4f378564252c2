import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { appConfig, phoneHref } from '../app-config';
import type { AuthState } from '../auth/use-auth';
import { useSignOut } from '../auth/use-sign-out';
import { navClass } from './nav-class';
import { useDismiss } from './use-dismiss';

// The header's popups, loaded when a visitor first reaches for one (header.tsx): most visits never open them,
// so they stay off the booking page's first load.

interface PopupProps {
  id: string;
  /** Clicks inside it do not close the popup (its button included). */
  containerRef: RefObject<HTMLElement | null>;
  close: () => void;
}

export function AccountMenu({
  id,
  containerRef,
  close,
  isAdmin,
  email,
}: PopupProps & { isAdmin: boolean; email: string }) {
  const signOut = useSignOut();
  useDismiss(containerRef, true, close);
  const itemClass = 'block w-full rounded px-3 py-2 text-left text-sm text-stone-800 hover:bg-red-50';
  return (
    <div id={id} className="absolute right-0 mt-2 w-56 rounded-md border border-stone-200 bg-white p-1 shadow-lg">
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
  );
}

// Every item of the phone menu is a full-width row, links and the Sign out button alike.
const rowClass = (state: { isActive: boolean }) => `${navClass(state)} block w-full text-left`;

export function MobileMenu({ id, containerRef, close, auth }: PopupProps & { auth: AuthState }) {
  const signOut = useSignOut();
  useDismiss(containerRef, true, close);
  return (
    <nav id={id} aria-label="Mobile" className="border-t border-stone-200 px-4 pb-4 md:hidden">
      <ul className="flex flex-col gap-1 pt-2">
        <li>
          <NavLink to="/" end className={rowClass}>
            Make Reservation
          </NavLink>
        </li>
        <li>
          <NavLink to="/my-reservations" className={rowClass}>
            My Reservations
          </NavLink>
        </li>
        <li>
          <a href={phoneHref(appConfig.phone)} className={rowClass({ isActive: false })}>
            Call Us <span className="text-stone-500">{appConfig.phone}</span>
          </a>
        </li>
        {auth.status === 'signedOut' && (
          <li>
            <NavLink to="/auth/signin" className={rowClass}>
              Sign in
            </NavLink>
          </li>
        )}
        {auth.status === 'signedIn' && (
          <>
            <li>
              <NavLink to="/settings/general" className={rowClass}>
                Settings
              </NavLink>
            </li>
            {auth.user.isAdmin && (
              <li>
                <NavLink to="/admin" className={rowClass}>
                  Admin
                </NavLink>
              </li>
            )}
            <li>
              <button type="button" className={rowClass({ isActive: false })} onClick={() => void signOut()}>
                Sign out
              </button>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
