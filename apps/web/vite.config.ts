import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// The client version is the product version of the root package.json (PRODUCT.md §1).
import rootPackage from '../../package.json' with { type: 'json' };

const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

/**
 * Preloads the icon font from the page's head: both apps wait for it before they mount (spec §4), so its
 * download starts with the HTML instead of after the scripts have run and found it (docs/web.md "First page").
 */
function preloadIconFont(): Plugin {
  return {
    name: 'eluent-preload-icon-font',
    apply: 'build',
    transformIndexHtml(_html, context) {
      const font = Object.keys(context.bundle ?? {}).find((file) => /material-icons-.*\.woff2$/.test(file));
      if (!font) return [];
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        },
      ];
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadIconFont()],
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
    // .vite/manifest.json: which chunks each entry and lazy route pulls in (checked by e2e/tests/public.spec.ts).
    manifest: true,
    // SVG images (the logo) stay files: inlined, they were part of the first page's JavaScript
    // (docs/web.md "First page"); other small assets keep Vite's 4 KB rule.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    rollupOptions: {
      input: {
        main: here('./index.html'),
        share: here('./share/index.html'),
      },
      output: {
        codeSplitting: {
          // Fewer, larger files for what the sign-in page loads before it is drawn: each file is gzipped
          // on its own, and a few hundred bytes each add up against the 80 KB aim (docs/web.md "First page").
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
