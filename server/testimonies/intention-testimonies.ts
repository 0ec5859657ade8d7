import type { TestimonyPort } from '../intentions/testimony-port'
import { shareAnsweredPrayerTestimony } from './testimony-linking'
import { testimonyLinksFor } from './testimony-links'

/** Testimonies as intentions see them: app.ts hands this to intentionsRoutes. */
export const intentionTestimonies: TestimonyPort = {
  linksFor: testimonyLinksFor,
  shareAnswered: shareAnsweredPrayerTestimony,
}
