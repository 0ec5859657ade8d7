import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import type { PushPayload } from '../contract/push'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { waitForServiceWorkerControl } from './fixtures/service-worker'
import { expect, test } from './fixtures/test'
import { closeMembers, forgiveErrors, newMember } from './support/members'
import {
  appWorker,
  countShowsInPages,
  countShowsInWorker,
  deliverPush,
  INCOGNITO_PUSH_NOTICE,
  showAlsoInFront,
  shownFor,
  shownNotifications,
  turnOnSystemNotifications,
  waitForShows,
  workerRegistrationId,
} from './support/system-notifications'
import { askThroughApi } from './support/wall'

// Issue 13: system notifications need only the permission and an open app. Where the browser's
// push service never answers (Debian's Chromium without Google's keys) the switch is on at once
// and the hub's notifications show; where Web Push can be had, the device is registered and a
// push shows with no window of the app open.

const NO_PUSH = 'Shown while the app is open; this browser cannot receive them when it is closed.'

const REQUEST = () => ({
  title: `Strength for night shifts at the hospital ${Date.now()}`,
  details: 'Please pray that I stay alert and kind with every patient through this long month.',
})

test('with no reachable push service the switch is on within 2 s and a prayer shows as a system notification', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  const bea = await newMember(browser, origin, 'Bea')
  await ann.context.grantPermissions(['notifications'], { origin })
  // As in Debian's Chromium here: the push service is never reached, subscribe() never answers.
  await ann.context.addInitScript(() => {
    PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => {})
  })
  await countShowsInPages(ann.context)
  const { page } = ann
  const intentionId = await askThroughApi(ann.context, origin, REQUEST())

  await page.goto('/prayerwall')
  await waitForServiceWorkerControl(page)
  const panel = await turnOnSystemNotifications(page)
  // Web Push is given 10 s, then the panel says what the member has.
  await expect(panel.getByText(NO_PUSH)).toBeVisible({ timeout: 15_000 })
  await expect(
    panel.getByRole('switch', { name: 'System notifications on this device' }),
  ).toBeChecked()
  await showAlsoInFront(page, panel)
  await expectNoSeriousA11yViolations(page)

  const prayed = await bea.context.request.post(`/api/v1/intentions/${intentionId}/pray`, {
    headers: { Origin: origin },
  })
  expect(prayed.ok()).toBe(true)
  await waitForShows(page, 1)
  expect(await shownNotifications(page)).toEqual([
    expect.objectContaining({
      title: `${bea.displayName} prayed for you`,
      data: expect.objectContaining({ url: `/prayerwall?highlight=${intentionId}` }) as unknown,
    }),
  ])

  forgiveErrors(ann, INCOGNITO_PUSH_NOTICE)
  await closeMembers(ann, bea)
})

test('with Web Push the device is registered, and a push shows with no window of the app open', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  await ann.context.grantPermissions(['notifications'], { origin })
  // A push service that answers (incognito contexts have none): a browser-shaped subscription.
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const device = {
    endpoint: `http://127.0.0.1:9/e2e-push/${randomUUID()}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  }
  await ann.context.addInitScript((subscription) => {
    let current: PushSubscription | null = null
    const made = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      toJSON: () => ({ ...subscription, expirationTime: null }),
      unsubscribe: async () => {
        current = null
        return true
      },
    } as unknown as PushSubscription
    PushManager.prototype.subscribe = async () => (current = made)
    PushManager.prototype.getSubscription = async () => current
  }, device)
  const { page } = ann

  await page.goto('/prayerwall')
  await waitForServiceWorkerControl(page)
  const registered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/notifications/push-subscriptions') &&
      response.request().method() === 'POST',
  )
  const panel = await turnOnSystemNotifications(page)
  const registration = await registered
  expect(registration.status()).toBe(204)
  expect(registration.request().postDataJSON()).toEqual(device)
  await expect(panel.getByText(NO_PUSH)).toHaveCount(0)

  // The worker's registration, then no window of the app: a page that is not the app drives CDP.
  const id = await workerRegistrationId(await ann.context.newCDPSession(page))
  const worker = await appWorker(ann.context, origin)
  await countShowsInWorker(worker)
  const blank = await ann.context.newPage()
  await page.close()
  const driver = await ann.context.newCDPSession(blank)
  await driver.send('ServiceWorker.enable')
  const pushed: PushPayload = {
    notification: {
      notificationId: randomUUID(),
      type: 'WeeklySummary',
      title: 'Your week in prayer',
      message: 'This week 3 people prayed for your intentions.',
      createdAt: new Date().toISOString(),
      readAt: null,
      sourceUserDisplayName: null,
      sourceTestimonyId: null,
      sourceIntentionId: null,
      data: null,
    },
    readUrl: `${origin}/api/notifications/read`,
  }
  await deliverPush(driver, origin, id, pushed)
  await waitForShows(worker, 1)

  // Shown while no window was open; an app window opened afterwards reads it from the worker.
  const later = await ann.context.newPage()
  await later.goto('/prayerwall')
  expect(await shownFor(later, pushed)).toMatchObject({
    title: 'Your week in prayer',
    body: 'This week 3 people prayed for your intentions.',
  })

  forgiveErrors(ann, INCOGNITO_PUSH_NOTICE)
  await closeMembers(ann)
})
