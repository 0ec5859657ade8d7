// Photographs the landing page for the manifest's `screenshots` (the richer install dialog).
// With a client build (`npx vite build`) it shows the real app; without one, a faithful
// placeholder of the landing page. Run `node scripts/generate-screenshots.mjs`, commit the PNGs.
// CLIENT_DIR points at another build (e.g. one made with `npx vite build --outDir .tmp/build`).
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchChromium } from './headless-chromium.mjs'
import { serveStatic } from './serve-static.mjs'

const OUT_DIR = new URL('../public/screenshots/', import.meta.url)
const BUILD_DIR = process.env.CLIENT_DIR
  ? resolve(process.env.CLIENT_DIR)
  : fileURLToPath(new URL('../dist/client', import.meta.url))

// Sizes must match manifest.webmanifest exactly, or Chromium ignores the screenshot.
const SHOTS = [
  { file: 'narrow.png', width: 540, height: 1080 },
  { file: 'wide.png', width: 1280, height: 720 },
]

// Spec 000 §1: the landing page's hero and its three features.
const PLACEHOLDER = `<!doctype html><html lang="en"><head><style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fbf8f1;color:#1f2a55}
  header{display:flex;align-items:center;gap:12px;padding:20px 32px;font-weight:600}
  header img{width:40px;height:40px}
  main{max-width:960px;margin:0 auto;padding:48px 32px;text-align:center}
  h1{font:600 clamp(2rem,5vw,3rem)/1.2 Georgia,'Times New Roman',serif;margin:0 0 16px}
  p{color:#4a5070;margin:0 0 40px}
  ul{list-style:none;padding:0;display:grid;gap:20px;grid-template-columns:repeat(auto-fit,minmax(260px,1fr))}
  li{background:#fff;border:1px solid #e6dfcc;border-radius:16px;padding:28px;text-align:left}
  strong{display:block;font:600 1.25rem Georgia,serif;margin-bottom:8px}
</style></head><body>
  <header><img src="/icons/icon.svg" alt="">Prayer Community</header>
  <main>
    <h1>A safe, reverent space to pray together</h1>
    <p>A moderated community. Privacy controls on every post. Ad-free.</p>
    <ul>
      <li><strong>Prayer Wall</strong>Share a request and know others are praying with you.</li>
      <li><strong>Prayer Rooms</strong>Pray alongside others, live.</li>
      <li><strong>Prayer Groups</strong>Keep intentions within your circle.</li>
    </ul>
  </main>
</body></html>`

const hasBuild = existsSync(join(BUILD_DIR, 'index.html'))
const server = await serveStatic(hasBuild ? BUILD_DIR : fileURLToPath(new URL('../public/', import.meta.url)))
const browser = await launchChromium()
try {
  for (const shot of SHOTS) {
    // No service worker: the photo must show the page, not a cached older version.
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      serviceWorkers: 'block',
      colorScheme: 'light',
    })
    const page = await context.newPage()
    if (hasBuild) {
      await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' })
    } else {
      await page.goto(`${server.origin}/robots.txt`)
      await page.setContent(PLACEHOLDER, { waitUntil: 'networkidle' })
    }
    const png = await page.screenshot()
    await writeFile(new URL(shot.file, OUT_DIR), png)
    console.log(`public/screenshots/${shot.file} (${hasBuild ? 'built app' : 'placeholder'}, ${png.length} bytes)`)
    await context.close()
  }
} finally {
  await browser.close()
  await server.close()
}
