import { lazy, type ReactNode } from 'react';
import { useParams } from 'react-router';

// The admin's own pages under /admin/<section>, one route in the app's router: each new admin page is a line
// here, in the admin's chunk, and the guest's first load does not grow (docs/decisions/0004).
const SECTIONS = {
  settings: lazy(() => import('./settings/settings-page').then((m) => ({ default: m.SettingsPage }))),
  networks: lazy(() =>
    import('./networks/bookings-by-network-page').then((m) => ({ default: m.BookingsByNetworkPage })),
  ),
};

/** The admin page the path names, or the app's 404 page for a section there is not. */
export function AdminSectionPage({ notFound }: { notFound: ReactNode }) {
  const { section = '' } = useParams();
  const Page = Object.hasOwn(SECTIONS, section) ? SECTIONS[section as keyof typeof SECTIONS] : undefined;
  return Page ? <Page /> : notFound;
}
