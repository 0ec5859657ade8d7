import { waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/testing/render-route'

// The page's own scrolling is smooth (html, for in-page anchors such as #about). A page change
// must not inherit it: an animated jump was stopped part-way on a slow phone, when the new page's
// content arrived mid-animation and the browser anchored the scroll there (CI's phone-shell flake).
describe('a page change scrolls at once, never animated', () => {
  const scrollTo = vi.fn()
  beforeEach(() => {
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/auth/session'
        ? Response.json({ isAuthenticated: false, hasProfile: null })
        : new Response(null, { status: 404 }),
    )
    window.scrollTo = scrollTo as typeof window.scrollTo
  })
  afterEach(() => {
    scrollTo.mockReset()
    vi.unstubAllGlobals()
  })

  const scrolledTo = (top: number) => expect.objectContaining({ top, behavior: 'instant' })

  it('puts another page at its top, and a page come back to where it was, both instantly', async () => {
    const { router, findByRole } = renderRoute('/')
    await findByRole('heading', { level: 1, name: 'A safe, reverent space to pray together' })
    await waitFor(() => expect(scrollTo).toHaveBeenCalled())

    // The member scrolls the landing page down, then opens Log in: it starts at its top.
    vi.stubGlobal('scrollY', 640)
    document.dispatchEvent(new Event('scroll'))
    scrollTo.mockReset()
    await router.navigate({ to: '/login' })
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(scrolledTo(0)))

    // Back on the landing page, it comes back where it was left.
    vi.stubGlobal('scrollY', 0)
    scrollTo.mockReset()
    await router.navigate({ to: '/' })
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(scrolledTo(640)))
    for (const [options] of scrollTo.mock.calls)
      expect(options).toMatchObject({ behavior: 'instant' })
  })
})
