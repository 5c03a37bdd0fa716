/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The Rust server (`ayo serve`) listens on 8080 by default; in development Vite serves the app and
// forwards the API and its WebSocket there, so the browser sees one origin exactly as in production.
const apiTarget = process.env.AYO_API_URL ?? 'http://127.0.0.1:8080';

/**
 * Lazy public pages whose code the HTML asks for straight away when the address is theirs: URL pattern (as in
 * src/config/paths.ts) → the route module, and the API answer the page cannot show without (`$1`: the pattern's
 * first group). Keep in step with src/app/router.tsx; the build fails on a module that is no longer a lazy chunk.
 */
type PreloadedRoute = { pattern: string; module: string; api?: string };

const PRELOADED_ROUTES: PreloadedRoute[] = [
  // The play page: its code and GET /games/{slug} (fetched without a token: see getGame).
  { pattern: '^/games/([^/]+)/?$', module: 'src/app/routes/games/game.tsx', api: '/api/v1/games/$1' },
  { pattern: '^/how-to-play/?$', module: 'src/app/routes/info/how-to-play.tsx' },
  { pattern: '^/lottery-rules/?$', module: 'src/app/routes/info/lottery-rules.tsx' },
  { pattern: '^/faqs/?$', module: 'src/features/info/pages/faqs.tsx' },
];

/**
 * In index.html, before the main script: for the address being opened, preload its page's chunks and CSS, and
 * the API answer it needs, so they download alongside the main script (a shared link to /games/ayo-express would
 * otherwise fetch the page's code only once the main script has run, and the game only once that code has run).
 * Vite's loader finds the chunks there and does not fetch them again; the app's own `fetch` of the same URL (same
 * mode and credentials: no token) takes the preloaded answer.
 */
const PRELOAD_SCRIPT = String.raw`(function (routes, path, head) {
  function link(rel, href, as) {
    var l = document.createElement('link');
    l.rel = rel;
    if (as) l.as = as;
    l.crossOrigin = 'anonymous';
    l.href = href;
    head.appendChild(l);
  }
  try {
    for (var i = 0; i < routes.length; i++) {
      var m = new RegExp(routes[i][0]).exec(path);
      if (!m) continue;
      routes[i][1].forEach(function (f) {
        if (/\.css$/.test(f)) link('preload', f, 'style');
        else link('modulepreload', f);
      });
      if (routes[i][2]) {
        var id = encodeURIComponent(decodeURIComponent(m[1]));
        link('preload', routes[i][2].replace('$1', function () { return id; }), 'fetch');
      }
      return;
    }
  } catch (e) {
    /* A preload is only a head start: without one the page loads as usual. */
  }
})`;

function routePreloads(routes: PreloadedRoute[]): Plugin {
  return {
    name: 'ayo-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What the HTML already loads: the entry and its static imports.
        const inHtml = new Set<string>();
        const walk = (file: string, into: Set<string>, skip: Set<string>) => {
          if (into.has(file) || skip.has(file)) return;
          into.add(file);
          const chunk = byFile.get(file);
          for (const css of chunk?.viteMetadata?.importedCss ?? []) into.add(css);
          for (const next of chunk?.imports ?? []) walk(next, into, skip);
        };
        for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, inHtml, new Set());
        const table = routes.map(({ pattern, module, api }) => {
          const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(`/${module}`));
          if (!chunk) throw new Error(`route preloads: ${module} is not a lazy chunk (see PRELOADED_ROUTES)`);
          const files = new Set<string>();
          walk(chunk.fileName, files, inHtml);
          return [pattern, [...files].map((file) => `/${file}`), ...(api ? [api] : [])];
        });
        const script = `${PRELOAD_SCRIPT.replace(/\n\s*/g, '')}(${JSON.stringify(table)}, location.pathname, document.head)`;
        // Before the main script and the stylesheet: an inline script after a stylesheet waits for it to load.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('route preloads: no module script in index.html');
        return `${html.slice(0, at)}<script>${script}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), routePreloads(PRELOADED_ROUTES)],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // The provably fair test vectors (v1 with the data crate, v2 in docs/vectors); the verifier's tests read them there.
    fs: { allow: ['.', '../data/tests/vectors', '../docs/vectors'] },
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    // e2e/*.test.ts: unit tests of the journeys' own tools (Playwright runs only e2e/*.spec.ts).
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    restoreMocks: true,
    testTimeout: 30_000,
  },
});
