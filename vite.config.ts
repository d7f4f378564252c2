import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development Vite serves index.html, so it fills the public-config placeholder the way the server does
// in production (src/server/http/spa.ts), from the same configuration.
function publicConfigInDev(): Plugin {
  return {
    name: 'public-config-in-dev',
    apply: 'serve',
    async transformIndexHtml(html) {
      const { loadConfig } = await import('./src/server/config');
      const { renderPublicConfigTag, PUBLIC_CONFIG_PLACEHOLDER } = await import('./src/server/http/spa');
      return html.replace(PUBLIC_CONFIG_PLACEHOLDER, renderPublicConfigTag(loadConfig()));
    },
  };
}

// The libraries every page needs, in one chunk of their own: it changes only when they are upgraded, so
// browsers keep it cached across deploys of the app.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack)[\\/]/;

// The app code the home page (the booking form) needs, kept in one chunk with the entry's own code instead of
// many small shared chunks, each of which would cost a request and compress worse.
const FIRST_LOAD =
  /src[\\/](client[\\/](app-config|api[\\/]|components[\\/]|layout[\\/]|auth[\\/](use-|safe-next)|reservations[\\/](reservation-page|reservation-form|format|use-reservation-api))|booking[\\/](calendar|clock|messages|phone|booking-window|party-size)|shared[\\/]public-config)/;

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), publicConfigInDev()],
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
    // Names each page's chunks, so `npm run bench` can weigh what a page loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 10 },
            { name: 'app', test: FIRST_LOAD, priority: 5 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } } },
}));
