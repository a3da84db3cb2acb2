import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { messagesPlugin } from './scripts/vite-messages.js';
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
  plugins: [react(), messagesPlugin(), precompress()],
  publicDir: 'public',
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // The browser app's page, and the stages a server-rendered page evaluates before it (STAGES in
    // src/server/http/pages.ts), each in a task of its own.
    rolldownOptions: isSsrBuild
      ? { input: 'src/client/entry-server.tsx' }
      : {
          input: ['index.html', 'src/client/stages/react.ts', 'src/client/stages/libraries.ts'],
          // Each stage's libraries in a chunk of their own, which the stage and the app share.
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'libraries', test: /node_modules[\\/](react-router|react-router-dom|@tanstack|@trpc|superjson|copy-anything|is-what)[\\/]/ },
              ],
            },
          },
        },
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
