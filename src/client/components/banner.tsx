import type { ReactNode } from 'react';

export type BannerKind = 'info' | 'success' | 'warning' | 'error';

const styles: Record<BannerKind, string> = {
  info: 'border-sky-300 bg-sky-50 text-sky-950',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  error: 'border-red-300 bg-red-50 text-red-950',
};

/** The spec's message banners. Errors and warnings interrupt screen readers; info and success wait. */
export function Banner({
  kind,
  children,
  className = '',
}: {
  kind: BannerKind;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm ${styles[kind]} ${className}`}
    >
      {children}
    </div>
  );
}

export interface BannerMessage {
  kind: BannerKind;
  text: string;
}
