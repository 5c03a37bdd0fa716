// Sums the gzipped JavaScript and CSS a browser downloads to show the first page: the entry script from
// dist/index.html and every chunk it imports statically (lazy `import()` chunks are not counted).
// Usage: node scripts/first-load-size.mjs [budget-in-KB]   (exits 1 over budget)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const roots = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);

const seen = new Set();
const queue = [...roots];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  if (!file.endsWith('.js')) continue;
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`; not `import("./x.js")`.
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
    queue.push(`assets/${match[1]}`);
  }
}

let js = 0;
let css = 0;
const rows = [];
for (const file of seen) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  if (file.endsWith('.js')) js += size;
  else css += size;
  rows.push([file, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
console.log(`first load: ${(js / 1024).toFixed(1)} KB JavaScript + ${(css / 1024).toFixed(1)} KB CSS (gzip)`);

const budget = Number(process.argv[2]);
if (budget && js / 1024 > budget) {
  console.error(`over the ${budget} KB JavaScript budget`);
  process.exit(1);
}
