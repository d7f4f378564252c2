// Shared button looks, so every screen's primary and secondary actions match.
export const primaryButton =
  'inline-flex items-center justify-center rounded-md bg-red-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-stone-400';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-md border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60';
/** A button that stays pressed while chosen (a time, a seat type, a table): aria-pressed says which. */
export const choiceButton = (chosen: boolean) =>
  `rounded-md border ${chosen ? 'border-red-900 bg-red-900 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50'}`;
