// Draws the site's share card (web/public/og-image.png, 1200×630: what Discord and others show
// for a pasted link) and favicon.ico (16, 32 and 48 px) from favicon.svg with Chromium. Run once
// when the brand changes and commit the files: `npx tsx scripts/make-share-images.ts`
// (CHROMIUM_PATH, default /usr/bin/chromium). Nothing runs this at build time.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { HERO, TOP_RATED_BADGE } from '../core/site/site';

const publicDir = new URL('../web/public/', import.meta.url);
const svg = readFileSync(new URL('favicon.svg', publicDir), 'utf8');
const svgUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const card = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px 96px;display:flex;flex-direction:column;justify-content:center;gap:28px;font-family:'DejaVu Sans',sans-serif;color:#fff;background:radial-gradient(circle at 85% 20%,#3b2f63 0,#0b0a12 60%)">
  <div style="display:flex;align-items:center;gap:28px">
    <img src="${svgUrl}" width="120" height="120" />
    <span style="font-size:96px;font-weight:700;letter-spacing:-2px">Lunar</span>
  </div>
  <div style="font-size:56px;font-weight:700;line-height:1.15">${HERO.headline}</div>
  <div style="font-size:30px;color:#b19cd9">${TOP_RATED_BADGE}</div>
</div></body></html>`;

/** An .ico holding PNG images (allowed since Windows Vista; every browser reads it). */
function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(card);
  writeFileSync(new URL('og-image.png', publicDir), await page.screenshot({ type: 'png' }));

  const icons: { size: number; png: Buffer }[] = [];
  for (const size of [16, 32, 48]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:transparent"><img src="${svgUrl}" width="${size}" height="${size}" style="display:block" /></body>`,
    );
    icons.push({ size, png: await page.screenshot({ type: 'png', omitBackground: true }) });
  }
  writeFileSync(new URL('favicon.ico', publicDir), icoFromPngs(icons));
} finally {
  await browser.close();
}
