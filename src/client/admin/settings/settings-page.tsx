import { Link } from 'react-router';
import { todayIn } from '../../../booking/calendar';
import { userMessage } from '../../api/api-client';
import { appConfig } from '../../app-config';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../layout/use-document-title';
import { AdminOnly } from '../admin-only';
import { ClosuresSection } from './closures-section';
import { DetailsSection } from './details-section';
import { HistorySection } from './history-section';
import { HoursSection } from './hours-section';
import { RulesSection } from './rules-section';
import { TablesSection } from './tables-section';
import { TrustedNetworksSection } from './trusted-networks-section';
import { useOwnerSettings } from './api/get-settings';

/**
 * /admin/settings: what the owner sets without a developer: tables, hours, closed dates, booking
 * rules, the restaurant's details, and who changed what. Every change is live at once for guests booking.
 */
export function SettingsPage() {
  useDocumentTitle('Restaurant settings');
  return (
    <AdminOnly>
      <SettingsScreen />
    </AdminOnly>
  );
}

function SettingsScreen() {
  const settings = useOwnerSettings();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-stone-900">Restaurant settings</h1>
        <Link className="text-sm font-semibold text-red-900 underline" to="/admin">
          Back to the dashboard
        </Link>
      </div>
      {settings.isPending ? (
        <Spinner label="Loading the settings" />
      ) : settings.isError ? (
        <Banner kind="error">
          {userMessage(settings.error, 'The settings could not be loaded. Please try again.')}
        </Banner>
      ) : (
        <>
          <nav aria-label="Settings sections" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {[
              ['settings-tables', 'Tables'],
              ['settings-hours', 'Hours'],
              ['settings-closures', 'Closed dates'],
              ['settings-rules', 'Booking rules'],
              ['settings-networks', 'Trusted networks'],
              ['settings-details', 'Details'],
              ['settings-history', 'History'],
            ].map(([id, label]) => (
              <a key={id} className="text-red-900 underline" href={`#${id}`}>
                {label}
              </a>
            ))}
          </nav>
          <TablesSection tables={settings.data.tables} />
          <HoursSection hours={settings.data.hours} />
          <ClosuresSection closures={settings.data.closures} today={todayIn(appConfig.timeZone)} />
          <RulesSection rules={settings.data.rules} />
          <TrustedNetworksSection trustedNetworks={settings.data.trustedNetworks} />
          <DetailsSection details={settings.data.details} />
          <HistorySection history={settings.data.history} />
        </>
      )}
    </div>
  );
}
