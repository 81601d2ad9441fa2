// An app's first paint, written into its dist beside mf-manifest.json after rspack has built it:
//   node ../shared/build/write-first-paint.mjs src/app/first-paint.tsx
// The module's `paint()` renders the app's own components (react-dom/server, compiled by tsx);
// the app's built styles go along, so a server can paint the page styled from this one file.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const [module] = process.argv.slice(2);
if (!module) throw new Error('usage: write-first-paint.mjs <module exporting paint()>');
const tsconfig = fileURLToPath(new URL('tsconfig.first-paint.json', import.meta.url));
const { paint } = await tsImport(pathToFileURL(path.resolve(module)).href, {
  parentURL: import.meta.url,
  tsconfig,
});
const dist = path.resolve('dist');
const cssFiles = (await readdir(dist)).filter((f) => f.endsWith('.css')).sort();
const css = (await Promise.all(cssFiles.map((f) => readFile(path.join(dist, f), 'utf8')))).join('\n');
await writeFile(path.join(dist, 'first-paint.json'), JSON.stringify({ ...paint(), css }));
