import { dateAndTimeAt } from '../restaurant-time';
import { SettingsSection } from './settings-parts';
import type { OwnerSettings } from './api/get-settings';

/** Who changed which setting and when, newest first. */
export function HistorySection({ history }: { history: OwnerSettings['history'] }) {
  return (
    <SettingsSection id="settings-history" title="History" description="The latest changes to these settings.">
      {history.length === 0 ? (
        <p className="text-sm text-stone-700">No changes yet: the settings are as the restaurant was set up.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {history.map((line, index) => (
            <li key={`${line.changedAt}-${index}`} className="border-l-2 border-stone-300 pl-3">
              <span className="text-stone-600">
                {dateAndTimeAt(line.changedAt)} · {line.actorEmail}
              </span>
              <br />
              <span className="text-stone-900">{line.summary}</span>
            </li>
          ))}
        </ol>
      )}
    </SettingsSection>
  );
}
