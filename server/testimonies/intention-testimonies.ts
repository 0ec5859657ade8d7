import type { TestimonyPort } from '../intentions/testimony-port'
import { shareAnsweredPrayerTestimony } from './testimony-linking'
import { testimonyLinkColumn, testimonyLinkFrom, testimonyLinksFor } from './testimony-links'

/** Testimonies as intentions see them: app.ts hands this to intentionsRoutes. */
export const intentionTestimonies: TestimonyPort = {
  linksFor: testimonyLinksFor,
  linkColumn: testimonyLinkColumn,
  linkFrom: testimonyLinkFrom,
  shareAnswered: shareAnsweredPrayerTestimony,
}
