// Sums the gzipped JavaScript and CSS a browser downloads to show the first page: the entry script from
// dist/index.html and every chunk it imports statically (lazy `import()` chunks are not counted). For the lazy
// pages that index.html preloads when the address is theirs (the play page, say: see vite.config.ts), it adds
// that page's chunks too and reports that first visit separately.
// Usage: node scripts/first-load-size.mjs [budget-in-KB]   (exits 1 when any first visit is over budget)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const roots = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);

/** The files `start` loads statically (itself, its static imports, recursively), minus `known`. */
function closure(start, known = new Set()) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file) || known.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports only: `import ... from "./x.js"` and `import "./x.js"`; not `import("./x.js")`.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
      queue.push(`assets/${match[1]}`);
    }
  }
  return seen;
}

const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};
const total = (files) => {
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.js')) js += gz(file);
    else css += gz(file);
  }
  return { js, css };
};
const kb = (bytes) => (bytes / 1024).toFixed(1);

const entry = closure(roots);
const rows = [...entry].map((file) => [file, gz(file)]).sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
const home = total(entry);
console.log(`first load: ${kb(home.js)} KB JavaScript + ${kb(home.css)} KB CSS (gzip)`);

const budget = Number(process.argv[2]);
let over = budget && home.js / 1024 > budget;

// The preload table index.html carries: [["^/games/[^/]+/?$", ["/assets/game-….js", …]], …]
const table = /\}\)\((\[\[.*?\]\]\]),\s*location\.pathname/.exec(html)?.[1];
for (const [pattern, files] of table ? JSON.parse(table) : []) {
  const page = closure(files.map((file) => file.replace(/^\//, '')), entry);
  const extra = total(page);
  const js = home.js + extra.js;
  console.log(
    `first load of ${pattern}: ${kb(js)} KB JavaScript + ${kb(home.css + extra.css)} KB CSS (gzip; ` +
      `${kb(extra.js)} KB of it the page's own chunks)`,
  );
  if (budget && js / 1024 > budget) over = true;
}

if (over) {
  console.error(`over the ${budget} KB JavaScript budget`);
  process.exit(1);
}
