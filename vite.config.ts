import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.js';

/**
 * The API server behind Vite in `npm run dev`. changeOrigin stays off so the API sees the
 * browser's own host: its cross-site check accepts the page's writes and the upload addresses
 * it makes point back through this proxy.
 */
const apiProxy = { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false };

/**
 * The browser app (`vite build`, into dist/client, precompressed) and the server's page renderer
 * (`vite build --ssr`, src/client/entry-server.tsx into dist/server). `npm run dev` serves the
 * browser app with hot reload in front of the API server.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  publicDir: 'public',
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    ...(isSsrBuild ? { rolldownOptions: { input: 'src/client/entry-server.tsx' } } : {}),
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
}));
