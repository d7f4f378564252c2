import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
afterEach(cleanup);

// The server embeds the restaurant's public details in index.html (src/server/http/spa.ts); components read them
// at import, so the test page carries a sample (the shipped defaults).
const config = document.createElement('script');
config.type = 'application/json';
config.id = 'app-config';
config.textContent = JSON.stringify({
  closedWeekdays: [1],
  openDaysHint: 'We are open Tuesday to Sunday.',
  guestDaysAhead: 60,
  guestMaxParty: 6,
  restaurantName: 'Umi Sushi',
  phone: '(555) 010-0199',
  address: '123 Harbor Street, Springfield, CA 90000',
  links: [],
  timeZone: 'America/Los_Angeles',
  googleSignIn: false,
  retentionDays: 730,
});
document.head.append(config);
