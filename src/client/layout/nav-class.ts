/** The look of a header link, marked when it is the current page. */
export const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-red-50 hover:text-red-900 ${isActive ? 'text-red-900 underline underline-offset-4' : 'text-stone-700'}`;
