import type { Community } from '@contract/community'
import { COMMUNITY_DATA_ID, COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import type { CommunityIcons } from '@contract/community-logo'

// Issue 38: the built pages (index.html, the pre-rendered landing) carry the product's name and
// hero line; each process serves them with the community's instead. Only text between tags
// changes: the CSP allows the pages' inline stylesheets by the hashes taken at start
// (inline-style-hashes.ts, ADR 0033), so a style block must stay byte for byte as built.

const RAW_BLOCKS = /(<style\b[\s\S]*?<\/style>|<script\b[\s\S]*?<\/script>)/i
const TEXT_NODE = />([^<]+)</g

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function brandText(text: string, community: Community): string {
  if (text === COMMUNITY_DEFAULTS.hero) return escapeHtml(community.hero)
  return text.split(COMMUNITY_DEFAULTS.name).join(escapeHtml(community.name))
}

/** The community's read as a JSON data block: never run, so the CSP's script rule never applies. */
function dataBlock(community: Community): string {
  const json = JSON.stringify(community).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${COMMUNITY_DATA_ID}">${json}</script>`
}

// The home-screen icon iOS takes (it reads no manifest icons): the community's once uploaded.
const APPLE_TOUCH_ICON = /(<link rel="apple-touch-icon" href=")[^"]*(")/

/**
 * A built page with the community's name, hero line, read and home-screen icon in place of the
 * product's.
 */
export function brandPage(
  html: string,
  community: Community & { icons?: Pick<CommunityIcons, 'appleTouchIcon'> },
): string {
  const branded = html
    .split(RAW_BLOCKS)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(TEXT_NODE, (_match, text: string) => `>${brandText(text, community)}<`),
    )
    .join('')
  const icon = community.icons?.appleTouchIcon
  return branded
    .replace(APPLE_TOUCH_ICON, (link, start: string, end: string) =>
      icon ? `${start}${escapeHtml(icon).replace(/"/g, '&quot;')}${end}` : link,
    )
    .replace('</head>', `${dataBlock(community)}</head>`)
}

/**
 * The service worker with a new revision for each page it precaches that the community's
 * settings change. The browser's update check compares sw.js byte for byte: an installed app
 * whose community was renamed gets a new worker, which fetches those pages again.
 */
export function brandServiceWorker(js: string, files: readonly string[], digest: string): string {
  let branded = js
  for (const file of files) {
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    branded = branded.replace(
      new RegExp(`("revision":")([0-9a-f]+)(","url":"${escaped}")`),
      `$1$2-${digest}$3`,
    )
  }
  return branded
}
