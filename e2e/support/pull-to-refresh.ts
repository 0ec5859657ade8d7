import type { Page } from 'playwright/test'
import { expect } from '../fixtures/test'

/**
 * Pulls a phone's page down by touch (CDP touch events, as a finger would) until it says
 * "Release to refresh", lets go, and waits until the list at `apiPath` is read again. The page's
 * context needs `hasTouch`.
 */
export async function pullToRefresh(page: Page, apiPath: string) {
  const touch = await page.context().newCDPSession(page)
  const pull = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
    touch.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: y === undefined ? [] : [{ x: 195, y }],
    })
  const reread = page.waitForRequest(
    (request) => request.url().includes(apiPath) && request.method() === 'GET',
  )
  await pull('touchStart', 250)
  await pull('touchMove', 300)
  await pull('touchMove', 380)
  await expect(page.getByText('Release to refresh')).toBeVisible()
  await pull('touchEnd')
  await reread
}
