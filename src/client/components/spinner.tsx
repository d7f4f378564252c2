/** A loading indicator that screen readers announce by its label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-stone-600">
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-stone-300 border-t-red-900"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
