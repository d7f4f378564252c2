import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './router';
import './styles.css';

// A page opened before a deploy asks for page chunks the new build no longer has: load the new build instead.
// Once a minute at most, so a chunk that is really missing shows the page's error, not a reload loop.
window.addEventListener('vite:preloadError', (event) => {
  try {
    if (Date.now() - Number(sessionStorage.getItem('reloadedForNewBuild')) < 60_000) return;
    sessionStorage.setItem('reloadedForNewBuild', String(Date.now()));
  } catch {
    return; // no sessionStorage (a locked-down browser): no reload, the page's error says what to do
  }
  event.preventDefault();
  window.location.reload();
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
    </QueryClientProvider>
  </StrictMode>,
);
