import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startBuiltApp } from '../e2e/support/built-app.mjs'
import { chromiumOptions, coldLoadJs } from './support/cold-load.mjs'
import { newMember, PASSWORD } from './support/offline-members.mjs'
const root = fileURLToPath(new URL('..', import.meta.url))
const client = join(root, 'dist/client')
const { chromium } = await import('playwright')
const app = await startBuiltApp({ logFile: join(root, '.tmp/bench-lists-app.log') })
const browser = await chromium.launch(chromiumOptions)
try {
  const landing = await coldLoadJs({ browser, baseURL: app.baseURL, client, path: '/' })
  writeFileSync('.tmp/landing.txt', landing.files.join('\n'))
  const member = await newMember(app.baseURL, 'Bundle')
  await member.post('/api/v1/intentions', { title: 'Strength for the week ahead', details: 'Please pray for strength and calm for my family through a demanding week.', tags: [], destination: 'public_wall' })
  const wall = await coldLoadJs({ browser, baseURL: app.baseURL, client, path: '/prayerwall', signIn: { email: member.email, password: PASSWORD }, ready: (page) => page.locator('article[aria-labelledby]').first().waitFor() })
  writeFileSync('.tmp/wall.txt', wall.files.join('\n'))
  console.log(landing.gzip, wall.gzip)
} finally { await browser.close(); await app.stop() }
