// @vitest-environment jsdom
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installScrollAnchors } from './scroll-anchor'
import { restoresScroll, scrollPositionKey } from './scroll-position'

type Listener = (event: { fromLocation?: ParsedLocation; toLocation: ParsedLocation }) => void

/** The two router events the anchors listen to, fired by hand. */
function fakeRouter() {
  const listeners: Record<string, Listener[]> = {}
  const router = {
    subscribe: (type: string, listener: Listener) => {
      ;(listeners[type] ??= []).push(listener)
      return () => {}
    },
  } as unknown as AnyRouter
  const at = (pathname: string, search: object = {}) => ({ pathname, search }) as ParsedLocation
  const navigate = (from: ParsedLocation, to: ParsedLocation, between?: () => void) => {
    for (const listener of listeners.onBeforeLoad ?? [])
      listener({ fromLocation: from, toLocation: to })
    between?.()
    for (const listener of listeners.onRendered ?? [])
      listener({ fromLocation: from, toLocation: to })
  }
  return { router, at, navigate }
}

/** Cards in <main> whose viewport tops the test sets (jsdom lays nothing out). */
const tops = new Map<string, number>()
function showCards(...ids: string[]) {
  const main = document.createElement('main')
  for (const id of ids) {
    const card = document.createElement('article')
    card.id = id
    card.getBoundingClientRect = () => {
      const top = tops.get(id) ?? 0
      return { top, bottom: top + 200 } as DOMRect
    }
    main.append(card)
  }
  document.body.replaceChildren(main)
}

describe('a list comes back to the card the member left, not only to the pixel', () => {
  const scrollBy = vi.fn()
  beforeEach(() => {
    window.scrollBy = scrollBy as typeof window.scrollBy
    tops.clear()
  })
  afterEach(() => scrollBy.mockReset())

  it('moves the page by how far the first visible card drifted while away', () => {
    const { router, at, navigate } = fakeRouter()
    installScrollAnchors(router, scrollPositionKey, restoresScroll)
    showCards('intention-a', 'intention-b', 'intention-c')
    // Card a is scrolled past; b is the first on screen, 30 px below the top.
    tops.set('intention-a', -250).set('intention-b', 30).set('intention-c', 280)
    navigate(at('/prayerwall'), at('/testimonies'))

    // Meanwhile a card above b grew: at the restored pixels, b now sits 45 px lower.
    tops.set('intention-b', 75)
    navigate(at('/testimonies'), at('/prayerwall'))
    expect(scrollBy).toHaveBeenCalledExactlyOnceWith({ top: 45, behavior: 'instant' })
  })

  it('leaves a page that came back exactly as it was', () => {
    const { router, at, navigate } = fakeRouter()
    installScrollAnchors(router, scrollPositionKey, restoresScroll)
    showCards('intention-a')
    tops.set('intention-a', 12)
    navigate(at('/prayerwall'), at('/prayerwall/create'))
    navigate(at('/prayerwall/create'), at('/prayerwall'))
    expect(scrollBy).not.toHaveBeenCalled()
  })

  it('keeps each page its own card: another page is not moved by the wall’s', () => {
    const { router, at, navigate } = fakeRouter()
    installScrollAnchors(router, scrollPositionKey, restoresScroll)
    showCards('intention-a')
    tops.set('intention-a', 10)
    navigate(at('/prayerwall'), at('/testimonies'))
    showCards('testimony-x')
    tops.set('testimony-x', 90)
    navigate(at('/testimonies'), at('/prayerwall', { view: 'answered' }))
    expect(scrollBy).not.toHaveBeenCalled()
  })

  it('does nothing on the same page, for a highlight link, or when the card is gone', () => {
    const { router, at, navigate } = fakeRouter()
    installScrollAnchors(router, scrollPositionKey, restoresScroll)
    showCards('intention-a')
    tops.set('intention-a', 10)
    // A dialog in the address is the same page.
    navigate(at('/prayerwall'), at('/prayerwall', { reactions: 'a' }), () =>
      tops.set('intention-a', 60),
    )
    expect(scrollBy).not.toHaveBeenCalled()

    // A highlight link scrolls its own card into view.
    navigate(at('/prayerwall'), at('/testimonies'))
    tops.set('intention-a', 99)
    navigate(at('/testimonies'), at('/prayerwall', { highlight: 'b' }))
    expect(scrollBy).not.toHaveBeenCalled()

    // The card was deleted meanwhile: the router's pixels stand.
    navigate(at('/prayerwall'), at('/testimonies'))
    showCards('intention-z')
    navigate(at('/testimonies'), at('/prayerwall'))
    expect(scrollBy).not.toHaveBeenCalled()
  })
})
