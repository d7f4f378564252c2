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

export default defineConfig({
  plugins: [react(), tailwindcss(), publicConfigInDev()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: { proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } } },
});
