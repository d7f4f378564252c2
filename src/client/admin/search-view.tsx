import { useEffect, useId, useState } from 'react';
import * as adminMessages from '../../shared/messages/admin';
import { searchReservations } from './search';
import { useAllReservations } from './api/get-all-reservations';

/** Search debounce (SPEC section 9). */
const SEARCH_DEBOUNCE_MS = 300;

/** The dashboard's search view: every reservation whose name or email holds the text (SPEC section 2). */
export function useSearchView(active: boolean) {
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const all = useAllReservations(active);

  // Typing pauses for 300 ms before searching; Enter searches at once.
  useEffect(() => {
    const timer = setTimeout(() => setSearched(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const asked = searched.trim();
  return {
    text,
    setText,
    searchNow: () => setSearched(text),
    clear: () => {
      setText('');
      setSearched('');
    },
    asked,
    answered: all.isSuccess,
    list: searchReservations(all.data?.reservations ?? [], searched),
    loading: Boolean(asked) && all.isPending,
    failed: all.isError,
    emptyMessage: asked ? adminMessages.noneForSearch : adminMessages.enterSearch,
    printQuery: { q: searched },
  };
}

/** The search box, its hint, and what was found. */
export function SearchViewControls({ view }: { view: ReturnType<typeof useSearchView> }) {
  const searchId = useId();
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        view.searchNow();
      }}
      className="space-y-2"
    >
      <label htmlFor={searchId} className="block text-sm font-medium text-stone-800">
        Customer name or email
      </label>
      <input
        id={searchId}
        type="search"
        value={view.text}
        placeholder={adminMessages.searchPlaceholder}
        onChange={(e) => view.setText(e.target.value)}
        className="block w-full rounded-md border border-stone-300 px-3 py-2"
      />
      {view.text && <p className="text-xs text-stone-600">{adminMessages.searchHint}</p>}
      {view.asked && view.answered && (
        <p className="text-sm text-stone-800" role="status">
          Searching for: {view.asked} · Found {view.list.length} result(s)
        </p>
      )}
    </form>
  );
}
