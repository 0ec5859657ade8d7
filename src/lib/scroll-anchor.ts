import type { AnyRouter, ParsedLocation } from '@tanstack/react-router'

type Anchor = { id: string; top: number }
type PageKey = (location: ParsedLocation) => string

// The cards a list is made of (intentions, testimonies, queue items carry their id for
// ?highlight= links).
const ANCHORS = 'main article[id]'

/** The first card still (partly) on screen, and where its top edge sits in the viewport. */
function firstVisibleAnchor(): Anchor | null {
  for (const element of document.querySelectorAll<HTMLElement>(ANCHORS)) {
    const box = element.getBoundingClientRect()
    if (box.bottom > 0) return { id: element.id, top: box.top }
  }
  return null
}

/**
 * Issue 17 keeps each page's scroll position in pixels (the router's restoration). A list that
 * changed while the member was away (a new prayer on top, an update or a comment count on a
 * card above) would then come back a few pixels, or a whole card, off. So on leaving a page the
 * first visible card and its height on screen are noted, and on coming back, after the router
 * has restored the pixels, the page is moved by however far that card drifted: the member finds
 * the same card where they left it, as a native list does.
 */
export function installScrollAnchors(
  router: AnyRouter,
  pageKey: PageKey,
  restores: (args: { location: ParsedLocation }) => boolean,
): void {
  const anchors = new Map<string, Anchor>()
  router.subscribe('onBeforeLoad', ({ fromLocation, toLocation }) => {
    if (!fromLocation || pageKey(fromLocation) === pageKey(toLocation)) return
    const anchor = firstVisibleAnchor()
    if (anchor) anchors.set(pageKey(fromLocation), anchor)
    else anchors.delete(pageKey(fromLocation))
  })
  router.subscribe('onRendered', ({ fromLocation, toLocation }) => {
    if (!fromLocation || pageKey(fromLocation) === pageKey(toLocation)) return
    if (!restores({ location: toLocation })) return
    const anchor = anchors.get(pageKey(toLocation))
    if (!anchor) return
    // The router restored the pixels just before, instantly (its listener subscribed first, at
    // its creation; router.tsx). Corrected in the same task, the return is one scroll event,
    // which the phone's bottom bar reads as the app's jump, not as the member's thumb moving
    // down (use-hidden-on-scroll-down); a frame later it was a second, small one that hid it.
    const element = document.getElementById(anchor.id)
    if (!element) return
    const drift = element.getBoundingClientRect().top - anchor.top
    if (Math.abs(drift) >= 1) window.scrollBy({ top: drift, behavior: 'instant' })
  })
}
