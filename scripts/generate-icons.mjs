// Renders the PNG icons the manifest and iOS need from public/icons/icon.svg.
// Run after editing the SVG: `node scripts/generate-icons.mjs`, then commit the PNGs.
import { readFile, writeFile } from 'node:fs/promises'
import { launchChromium } from './headless-chromium.mjs'

const ICONS_DIR = new URL('../public/icons/', import.meta.url)
const MASK_BACKGROUND = '#1f2a55'

// "any" icons keep the round mark on transparency. Maskable and Apple icons are full-bleed
// squares (launchers and iOS crop them): the mark is shrunk to 80 % so it stays inside the
// maskable safe zone, a centred circle of 40 % radius.
const OUTPUTS = [
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true },
  { file: 'apple-touch-icon-180.png', size: 180, fullBleed: true },
]

function pageFor(svg, { size, fullBleed }) {
  const mark = fullBleed ? size * 0.8 : size
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
  return `<!doctype html><html><body style="margin:0">
    <div id="icon" style="width:${size}px;height:${size}px;display:grid;place-items:center;
      background:${fullBleed ? MASK_BACKGROUND : 'transparent'}">
      <img src="${src}" width="${mark}" height="${mark}" alt="">
    </div></body></html>`
}

const svg = await readFile(new URL('icon.svg', ICONS_DIR), 'utf8')
const browser = await launchChromium()
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 })
  for (const output of OUTPUTS) {
    await page.setContent(pageFor(svg, output))
    const png = await page.locator('#icon').screenshot({ omitBackground: !output.fullBleed })
    await writeFile(new URL(output.file, ICONS_DIR), png)
    console.log(`public/icons/${output.file} (${output.size}px, ${png.length} bytes)`)
  }
} finally {
  await browser.close()
}
