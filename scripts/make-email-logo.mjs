// The e-mails' logo (backend outbox/templates.ts): the header's logo (shell/src/components/logo.tsx)
// as an 80 × 80 PNG (shown at 40 × 40, sharp on a phone), since mail apps show no SVG. Committed
// in shell/public/media (the shell's build copies it to /media/); run this again after changing
// the logo, with a new VERSION here and in templates.ts so no cache serves the old one:
//   TSX_TSCONFIG_PATH=shell/tsconfig.json node --import tsx scripts/make-email-logo.mjs
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Logo } from '../shell/src/components/logo.tsx';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/backend-process.mjs';

const VERSION = 'v1';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) });
try {
  const page = await browser.newPage({ viewport: { width: 40, height: 40 }, deviceScaleFactor: 2 });
  await page.setContent(
    `<body style="margin:0;background:transparent">${renderToStaticMarkup(createElement(Logo))}</body>`,
  );
  const png = await page.locator('svg').screenshot({ omitBackground: true });
  const file = path.join(import.meta.dirname, '..', 'shell', 'public', 'media', `logo-${VERSION}.png`);
  await writeFile(file, png);
  console.log(file, png.length, 'bytes');
} finally {
  await browser.close();
}
