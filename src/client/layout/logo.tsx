import { appConfig } from '../app-config';

/** The restaurant's mark and name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 shrink-0">
        <rect width="32" height="32" rx="6" fill="#7f1d1d" />
        <ellipse cx="16" cy="18" rx="10" ry="6" fill="#fff" />
        <ellipse cx="16" cy="15" rx="8" ry="4" fill="#f97316" />
        <rect x="6" y="16" width="20" height="4" fill="#111827" />
      </svg>
      <span>{appConfig.restaurantName}</span>
    </span>
  );
}
