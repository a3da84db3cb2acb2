import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The API server behind Vite in `npm run dev`. changeOrigin stays off so the API sees the
 * browser's own host: its cross-site check accepts the page's writes and the upload addresses
 * it makes point back through this proxy.
 */
const apiProxy = { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false };

/** The browser app. `npm run dev` serves it with hot reload in front of the API server. */
export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: which chunks and CSS each page loads, read by scripts/check-bundle.ts.
    manifest: true,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': apiProxy,
      '/trpc': apiProxy,
      '/objects': apiProxy,
    },
  },
});
