import { afterEach, describe, expect, it, vi } from 'vitest'
import { withViewTransition } from './view-transition'

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce, media: query }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(document, 'startViewTransition')
})

describe('withViewTransition', () => {
  it('runs the change inside a view transition, the element named only meanwhile', async () => {
    prefersReducedMotion(false)
    const card = document.createElement('article')
    let finish = () => {}
    const finished = new Promise<void>((resolve) => (finish = resolve))
    const seen: string[] = []
    Object.assign(document, {
      startViewTransition: vi.fn((update: () => void) => {
        seen.push(card.style.viewTransitionName)
        update()
        return { finished }
      }),
    })
    const update = vi.fn()
    withViewTransition(card, update)
    expect(update).toHaveBeenCalledTimes(1)
    expect(seen).toEqual(['opened-item'])
    finish()
    await finished
    await Promise.resolve()
    expect(card.style.viewTransitionName).toBe('')
  })

  it('only changes, without a transition, when the member prefers reduced motion', () => {
    prefersReducedMotion(true)
    const startViewTransition = vi.fn()
    Object.assign(document, { startViewTransition })
    const update = vi.fn()
    withViewTransition(document.createElement('article'), update)
    expect(update).toHaveBeenCalledTimes(1)
    expect(startViewTransition).not.toHaveBeenCalled()
  })

  it('only changes where the browser has no View Transitions API', () => {
    prefersReducedMotion(false)
    const update = vi.fn()
    withViewTransition(document.createElement('article'), update)
    expect(update).toHaveBeenCalledTimes(1)
  })
})
