import type { CommunitySettings } from './community'

// The product's own settings until an admin changes them (spec 000: the hero line). Apart from
// the schemas (community.ts), so that the page's first render reads them without loading zod.
export const COMMUNITY_DEFAULTS: CommunitySettings = {
  name: 'Prayer Community',
  short_name: 'Pray',
  description:
    'A safe, reverent space to pray together: share prayer requests, pray for one another and give thanks with testimonies.',
  theme_color: '#1f2a55',
  contact_email: null,
  hero: 'A safe, reverent space to pray together',
  welcome: null,
  time_zone: 'UTC',
  join: 'open',
  publish: 'at_once',
  first_posts_held: 0,
  show_prayer_counts: true,
  anonymous_posting: true,
  auto_close_days: null,
  default_language: 'en',
}

/**
 * The id of the JSON block in which the server hands each page it serves the community's public
 * read (server/plugins/branded-page.ts), so the app's first render shows what the page shows.
 */
export const COMMUNITY_DATA_ID = 'community-data'
