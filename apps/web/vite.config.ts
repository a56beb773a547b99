import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// The client version is the product version of the root package.json (PRODUCT.md §1).
import rootPackage from '../../package.json' with { type: 'json' };

const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/hasura': 'http://127.0.0.1:8080',
      '/realtime': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: here('./index.html'),
        share: here('./share/index.html'),
      },
    },
  },
});
