import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { PublicConfig } from './src/shared/public-config';

const DEV_API = 'http://localhost:3000';

// In development Vite serves index.html, so it fills the public-config placeholder the way the server does
// in production (src/server/http/spa.ts), with what the dev API server says now (the owner's settings).
function publicConfigInDev(): Plugin {
  return {
    name: 'public-config-in-dev',
    apply: 'serve',
    async transformIndexHtml(html) {
      const { renderPublicConfigTag, PUBLIC_CONFIG_PLACEHOLDER } = await import('./src/server/http/spa');
      const response = await fetch(`${DEV_API}/api/public-config`);
      if (!response.ok) throw new Error(`the dev API server answered ${response.status} for /api/public-config`);
      return html.replace(PUBLIC_CONFIG_PLACEHOLDER, renderPublicConfigTag((await response.json()) as PublicConfig));
    },
  };
}

// React Router's production build defines components it does not use here (Form, ScrollRestoration, ...) with
// calls the bundler must assume have side effects: React.forwardRef/memo/createContext without a pure
// annotation, followed by a displayName assignment. Marking those calls pure and dropping the displayName
// lines (names only React DevTools shows) lets tree-shaking remove the unused parts: 1.3 kB gzipped off the
// first load of every page.
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/.test(id)) return null;
      return code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/= (React\d*\.(?:forwardRef|memo|createContext)\()/g, '= /* @__PURE__ */ $1');
    },
  };
}

// The libraries every page needs, in one chunk of their own: it changes only when they are upgraded, so
// browsers keep it cached across deploys of the app.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack)[\\/]/;

// The app code the home page (the booking form) needs, the entry's own code included, kept in one chunk
// instead of many small ones, each of which would cost a request and compress worse. Only what that page uses:
// a module named here is in every first load, even when only a lazy screen imports it (the settings' checkbox).
const FIRST_LOAD =
  /src[\\/](client[\\/](main\.tsx|router\.tsx|app-config|api[\\/]|components[\\/](banner|buttons|select-field|spinner|text-field)|layout[\\/]|auth[\\/](use-|safe-next)|reservations[\\/](reservation-page|booking-id|use-reservation-api)|reservation-ui[\\/](reservation-form|use-reservation-form-state|format|seat-type-toggle|use-reservation-queries))|booking[\\/](calendar|clock|messages|phone|booking-window|party-size|restaurant-settings|seatings|hold-blocks)|shared[\\/]public-config)/;

// Small modules several lazy pages share (messages, list orders, table rules): one chunk instead of one each,
// since the booking page carries the name of every chunk a lazy page may need, and each name costs its bytes.
const SHARED_BY_LAZY_PAGES =
  /src[\\/](shared[\\/]messages[\\/](forms|account|admin|my-reservations|booking-fields|table-choice)|booking[\\/](sort-orders|editable-fields|assign-tables|table-choice)|client[\\/]admin[\\/]search)\.ts$/;

// In those folders but not needed to show the home page: the header's popups, loaded when first opened, and
// the footer's logos, loaded as the footer comes near the view.
const NOT_FIRST_LOAD = /src[\\/]client[\\/](layout[\\/](header-menus|use-dismiss|site-)|auth[\\/]use-sign-out)/;

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), publicConfigInDev(), reactRouterTreeShaking()],
  resolve: {
    // React Router's package points bundlers at its development build (with dev-only warnings); builds use
    // its production build.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the app supports (ES2022) has modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone: the booking page carries the name of every lazy chunk (to preload
        // what each needs), and descriptive names there cost the first load 0.2 kB gzipped.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 10 },
            { name: 'app', test: (id) => FIRST_LOAD.test(id) && !NOT_FIRST_LOAD.test(id), priority: 5 },
            { name: 'shared', test: SHARED_BY_LAZY_PAGES, priority: 4 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: DEV_API, changeOrigin: false } } },
}));
