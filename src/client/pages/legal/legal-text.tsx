import type { ReactNode } from 'react';

// Building blocks for the legal documents, so both read alike.

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <div className="space-y-3 leading-relaxed text-stone-700">{children}</div>
    </section>
  );
}

export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1 pl-6">{children}</ul>;
}
