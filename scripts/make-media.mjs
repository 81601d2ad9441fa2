// The start page's cover (and the shared link's card image), drawn here as SVG and rasterised into
// the sizes and formats the page offers: AVIF and WebP for browsers, JPEG as the fallback and for
// link previews (Open Graph / Twitter cards want a 1200×630 JPEG or PNG). The files are committed
// in shell/public/media (the shell's build copies them to /media/); run this again after changing
// the artwork, with a new VERSION so caches (immutable, a year) never serve the old picture:
//   npm i --no-save sharp && node scripts/make-media.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const VERSION = 'v1';
const WIDTHS = [480, 800, 1200];
const require = createRequire(
  process.env.SHARP_FROM ? path.join(process.env.SHARP_FROM, 'x.js') : import.meta.url,
);
const sharp = require('sharp');
const out = path.join(import.meta.dirname, '..', 'shell', 'public', 'media');

/** 1200 × 630: a stage in a yellow spotlight, a full house in silhouette, a lit candle lantern in the middle. No text: the page says it in the visitor's language. */
function cover() {
  const heads = [];
  for (let row = 0; row < 3; row++) {
    const y = 560 + row * 36;
    for (let i = 0; i < 26; i++) {
      const x = (i + (row % 2) * 0.5) * 48 - 10;
      const r = 22 + ((i * 7 + row * 3) % 5);
      heads.push(
        `<circle cx="${x}" cy="${y}" r="${r}"/><rect x="${x - r - 6}" y="${y + r - 8}" width="${2 * r + 12}" height="60" rx="${r}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <radialGradient id="sky" cx="50%" cy="0%" r="90%"><stop offset="0" stop-color="#3a2f12"/><stop offset="0.6" stop-color="#141414"/><stop offset="1" stop-color="#0b0b0b"/></radialGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd400" stop-opacity="0.85"/><stop offset="1" stop-color="#ffd400" stop-opacity="0.05"/></linearGradient>
    <radialGradient id="glow" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#fff6b0"/><stop offset="0.4" stop-color="#ffd400" stop-opacity="0.6"/><stop offset="1" stop-color="#ffd400" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <path d="M520 0 L680 0 L900 470 L300 470 Z" fill="url(#beam)"/>
  <path d="M180 0 L240 0 L420 470 L330 470 Z" fill="#ffd400" opacity="0.12"/>
  <path d="M960 0 L1020 0 L870 470 L780 470 Z" fill="#ffd400" opacity="0.12"/>
  <rect x="0" y="440" width="1200" height="40" fill="#2a2a2a"/>
  <rect x="0" y="436" width="1200" height="6" fill="#ffd400" opacity="0.7"/>
  <circle cx="600" cy="330" r="150" fill="url(#glow)"/>
  <g transform="translate(600 330)">
    <path d="M-46 -70 h92 l-10 -22 h-72 z" fill="#111" stroke="#ffd400" stroke-width="5"/>
    <rect x="-40" y="-70" width="80" height="120" rx="6" fill="none" stroke="#ffd400" stroke-width="6"/>
    <path d="M-40 -30 h80 M-40 10 h80 M0 -70 v120" stroke="#ffd400" stroke-width="3" opacity="0.5"/>
    <rect x="-14" y="4" width="28" height="40" rx="3" fill="#fff6d0"/>
    <path d="M0 -32 c-12 14 -12 24 0 34 c12 -10 12 -20 0 -34 z" fill="#ffb000"/>
    <path d="M0 -22 c-6 8 -6 14 0 20 c6 -6 6 -12 0 -20 z" fill="#fff6b0"/>
    <path d="M-52 50 h104 v14 h-104 z" fill="#ffd400"/>
  </g>
  <g fill="#050505">${heads.join('')}</g>
</svg>`;
}

await mkdir(out, { recursive: true });
const svg = Buffer.from(cover());
for (const width of WIDTHS) {
  const base = sharp(svg, { density: 72 * (width / 1200) * 2 }).resize(
    width,
    Math.round((width * 630) / 1200),
  );
  const name = (ext) => path.join(out, `cover-${VERSION}-${width}.${ext}`);
  await base.clone().avif({ quality: 50, effort: 6 }).toFile(name('avif'));
  await base.clone().webp({ quality: 72, effort: 6 }).toFile(name('webp'));
  await base.clone().jpeg({ quality: 76, mozjpeg: true, progressive: true }).toFile(name('jpg'));
}
await writeFile(
  path.join(out, 'README.txt'),
  `Made by scripts/make-media.mjs (${VERSION}); do not edit by hand.\n`,
);
console.log('written to', out);
