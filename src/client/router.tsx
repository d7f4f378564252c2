import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Spinner } from './components/spinner';
import { RootLayout } from './layout/root-layout';
import { ReservationPage } from './reservations/reservation-page';

// Routes match SPEC section 2 exactly: letter case counts (React Router ignores it unless told, hence
// caseSensitive on each route), and a trailing slash makes another path, not found (React Router would ignore it;
// the layout shows the 404 page instead). React Router's declarative mode (13 KiB gzipped, half of its data
// router) keeps the first load small. The home page (the booking form) ships with the entry, since most
// visits start there; every other page is its own chunk, loaded on first visit.
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const LegalPage = lazy(() => import('./pages/legal/legal-page').then((m) => ({ default: m.LegalPage })));
const PrivacyPage = lazy(() => import('./pages/legal/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const MyReservationsPage = lazy(() =>
  import('./reservations/my-reservations-page').then((m) => ({ default: m.MyReservationsPage })),
);
const AdminPage = lazy(() => import('./admin/admin-page').then((m) => ({ default: m.AdminPage })));
const AdminSectionPage = lazy(() => import('./admin/admin-sections').then((m) => ({ default: m.AdminSectionPage })));
const PrintReportPage = lazy(() => import('./admin/print-report-page').then((m) => ({ default: m.PrintReportPage })));
const AuthPage = lazy(() => import('./auth/pages/auth-page').then((m) => ({ default: m.AuthPage })));
const EmailActionPage = lazy(() =>
  import('./auth/pages/email-action-page').then((m) => ({ default: m.EmailActionPage })),
);
const AccountSettingsPage = lazy(() =>
  import('./account/account-settings-page').then((m) => ({ default: m.AccountSettingsPage })),
);

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        {/* The printable report stands alone, without the site's header and footer. */}
        <Route
          caseSensitive
          path="/admin/print"
          element={
            <Suspense fallback={<Spinner />}>
              <PrintReportPage />
            </Suspense>
          }
        />
        <Route element={<RootLayout notFound={<NotFoundPage />} />}>
          <Route caseSensitive path="/admin" element={<AdminPage />} />
          <Route caseSensitive path="/admin/:section" element={<AdminSectionPage notFound={<NotFoundPage />} />} />
          <Route caseSensitive path="/" element={<ReservationPage />} />
          <Route caseSensitive path="/my-reservations" element={<MyReservationsPage />} />
          <Route caseSensitive path="/legal/:section?" element={<LegalPage />} />
          <Route caseSensitive path="/privacy" element={<PrivacyPage />} />
          <Route caseSensitive path="/auth/:type?" element={<AuthPage />} />
          <Route caseSensitive path="/firebase-action" element={<EmailActionPage />} />
          <Route caseSensitive path="/settings/:section?" element={<AccountSettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
