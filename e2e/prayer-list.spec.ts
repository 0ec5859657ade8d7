import type { Page, Worker } from 'playwright/test'
import type { PushPayload } from '../contract/push'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { goOffline, goOnline } from './fixtures/network'
import { waitForServiceWorkerControl } from './fixtures/service-worker'
import { expect, test } from './fixtures/test'
import { nextHubConnection } from './support/hub'
import { closeMembers, forgiveErrors, type Member, newMember } from './support/members'
import {
  appWorker,
  countShowsInWorker,
  INCOGNITO_PUSH_NOTICE,
  waitForShows,
} from './support/system-notifications'
import { askThroughApi, storedDrafts } from './support/wall'

// Issue 20, the daily prayer habit: a member adds requests to My Prayer List from the wall,
// prays through it offline and is counted once per request when back online; a reminder pushed
// to the worker shows its three actions, and "I prayed" on it counts with no window of the app
// open; the author posts an update that shows on the card.

type Counts = { prayed_count: number; has_prayed: boolean; updates: { text: string }[] }

async function intentionAs(member: Member, id: string): Promise<Counts> {
  const answer = await member.context.request.get(`/api/v1/intentions/${id}`)
  expect(answer.status()).toBe(200)
  return (await answer.json()) as Counts
}

/** What the service worker relays from Background Sync; no `sync` event fires in tests. */
async function replayNow(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
}

async function addFromWall(page: Page, title: string) {
  const card = page.getByRole('article', { name: title })
  await card.getByRole('button', { name: `More actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: 'Add to my prayer list' }).click()
  await expect(page.getByRole('menu')).toHaveCount(0)
}

type ShownInWorker = { title: string; body: string; actions: { action: string; title: string }[] }

/** The worker's shown notifications, and how many actions this browser shows on one. */
function shownInWorker(worker: Worker): Promise<{ maxActions: number; shown: ShownInWorker[] }> {
  return worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration
      Notification: { maxActions?: number }
    }
    const shown = await scope.registration.getNotifications()
    return {
      maxActions: scope.Notification.maxActions ?? 0,
      shown: shown.map((notification) => ({
        title: notification.title,
        body: notification.body,
        actions: [
          ...((notification as unknown as { actions: { action: string; title: string }[] })
            .actions ?? []),
        ].map(({ action, title }) => ({ action, title })),
      })),
    }
  })
}

/**
 * Taps an action of the shown notification inside the real worker (headless Chromium has no
 * way to click one; see system-notifications.spec.ts) and waits for what its handler keeps alive.
 */
async function tapAction(worker: Worker, tag: string, action: string): Promise<void> {
  await worker.evaluate(
    async ({ tag: shownTag, action: tapped }) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration
        dispatchEvent(event: Event): boolean
        NotificationEvent: new (
          type: string,
          init: { notification: Notification; action: string },
        ) => Event
      }
      const [notification] = await scope.registration.getNotifications({ tag: shownTag })
      if (!notification) throw new Error(`no notification shown with tag ${shownTag}`)
      const click = new scope.NotificationEvent('notificationclick', {
        notification,
        action: tapped,
      })
      const pending: Promise<unknown>[] = []
      Object.defineProperty(click, 'waitUntil', {
        value: (work: Promise<unknown>) => pending.push(work),
      })
      scope.dispatchEvent(click)
      if (pending.length === 0) throw new Error('the action handler kept nothing alive')
      await Promise.allSettled(pending)
    },
    { tag, action },
  )
}

test('three requests prayed through offline count once each; a reminder’s I prayed counts with no window open', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  const bea = await newMember(browser, origin, 'Bea')
  await bea.context.grantPermissions(['notifications'], { origin })
  const stamp = Date.now()
  const titles = [
    `Healing for my brother ${stamp}`,
    `A new job for Sam ${stamp}`,
    `Peace in our street ${stamp}`,
  ]
  const ids: string[] = []
  for (const title of titles) ids.push(await askThroughApi(ann.context, origin, { title }))
  const reminded = `Strength for the night shift ${stamp}`
  const remindedId = await askThroughApi(ann.context, origin, { title: reminded })

  const { page, context } = bea
  await page.goto('/prayerwall')
  await waitForServiceWorkerControl(page)
  for (const title of titles) await addFromWall(page, title)
  const hubConnected = nextHubConnection(page)
  await page.goto('/prayerlist')
  await expect(page.getByRole('heading', { level: 1, name: 'My Prayer List' })).toBeVisible()
  for (const title of titles)
    await expect(
      page.getByRole('article', { name: title }).getByRole('button', { name: 'I prayed' }),
    ).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Offline, the member prays through the list: each entry says so at once. (Not while the
  // page's hub is still connecting: the browser reports a socket cut mid-connect as an error.)
  await hubConnected
  await goOffline(context)
  for (const title of titles) {
    const entry = page.getByRole('article', { name: title })
    await entry.getByRole('button', { name: 'I prayed' }).click()
    await expect(entry.getByRole('button', { name: 'Prayed today' })).toBeDisabled()
  }
  for (const id of ids) expect((await intentionAs(ann, id)).prayed_count).toBe(0)

  // Back online, the outbox sends them; a second replay changes nothing.
  await goOnline(context)
  await replayNow(page)
  for (const id of ids)
    await expect.poll(async () => (await intentionAs(ann, id)).prayed_count).toBe(1)
  await replayNow(page)
  await page.reload()
  for (const title of titles)
    await expect(
      page.getByRole('article', { name: title }).getByRole('button', { name: 'Prayed today' }),
    ).toBeVisible()
  for (const id of ids) expect((await intentionAs(ann, id)).prayed_count).toBe(1)

  // The fourth request is on the list, unprayed; then no window of the app stays open.
  const listed = await context.request.put(`/api/v1/prayer-list/${remindedId}`, {
    headers: { Origin: origin },
  })
  expect(listed.status()).toBe(204)
  const blank = await context.newPage()
  await page.close()

  // A reminder push, as the push service would hand it to the worker.
  const cdp = await context.newCDPSession(blank)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => !registration.isDeleted && registration.scopeURL.startsWith(origin),
      )
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const pushed: PushPayload = {
    notification: {
      notificationId: '0190b2c3-d4e5-7f60-8a9b-0000000020e2',
      type: 'PrayerReminder',
      title: '1 request on your prayer list is waiting',
      message: reminded,
      createdAt: new Date().toISOString(),
      readAt: null,
      sourceUserDisplayName: null,
      sourceTestimonyId: null,
      sourceIntentionId: remindedId,
      data: { waiting: 1, intentionId: remindedId, url: '/prayerlist' },
    },
    readUrl: `${origin}/api/notifications/read`,
  }
  const live = await appWorker(context, origin)
  await countShowsInWorker(live)
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(origin).origin,
    registrationId: await registrationId,
    data: JSON.stringify(pushed),
  })
  await waitForShows(live, 1)
  expect((await shownInWorker(live)).shown.find((shown) => shown.body === reminded)).toMatchObject({
    title: '1 request on your prayer list is waiting',
    body: reminded,
  })
  // The worker asks for the three actions; Chromium shows as many as Notification.maxActions
  // allows (2 on desktop Linux), in the worker's order: "I prayed" always comes first.
  const { maxActions, shown } = await shownInWorker(live)
  expect(maxActions).toBeGreaterThanOrEqual(2)
  expect(shown.find((item) => item.body === reminded)?.actions).toEqual(
    [
      { action: 'prayed', title: 'I prayed' },
      { action: 'snooze', title: 'Snooze 1 hour' },
      { action: 'skip', title: 'Not today' },
    ].slice(0, maxActions),
  )

  await tapAction(live, pushed.notification.notificationId, 'prayed')
  await expect.poll(async () => (await intentionAs(ann, remindedId)).prayed_count).toBe(1)
  // No window was opened for it, and the notification is gone.
  expect(context.pages().map((open) => open.url())).toEqual(['about:blank'])
  expect((await shownInWorker(live)).shown).toEqual([])

  forgiveErrors(bea, INCOGNITO_PUSH_NOTICE)
  await closeMembers(ann, bea)
})

test('the author posts an update, kept as a draft until sent, and it shows on the card', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  const title = `Job interview on Friday ${Date.now()}`
  const id = await askThroughApi(ann.context, origin, { title })
  const { page } = ann
  const update =
    'Thank you all: the interview went well and they asked me back for a second talk next week.'

  await page.goto(`/prayerwall?highlight=${id}`)
  const card = page.getByRole('article', { name: title })
  const openComposer = async () => {
    await card.getByRole('button', { name: `More actions for ${title}` }).click()
    await page.getByRole('menuitem', { name: 'Post an update' }).click()
    return page.getByRole('dialog', { name: 'Post an update' })
  }

  // Too short: the field says why, and nothing is sent.
  let dialog = await openComposer()
  await dialog.getByRole('textbox', { name: 'Update' }).fill('It went well!')
  await dialog.getByRole('button', { name: 'Post update' }).click()
  await expect(dialog.getByText('An update must be at least 70 characters.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Closed and opened again, what was typed is still there (kept on the device).
  await dialog.getByRole('textbox', { name: 'Update' }).fill(update)
  await expect(dialog.getByText('Draft saved automatically')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect.poll(() => storedDrafts(page, 'prayer-update')).toHaveLength(1)
  // A new page load, by the prayer's link: on the shared wall the other worker's new cards may
  // have pushed it past the first page meanwhile, and the link pages to it.
  await page.goto(`/prayerwall?highlight=${id}`)
  dialog = await openComposer()
  await expect(dialog.getByRole('textbox', { name: 'Update' })).toHaveValue(update)

  await dialog.getByRole('button', { name: 'Post update' }).click()
  await expect(dialog).toHaveCount(0)
  const timeline = card.getByRole('region', { name: 'Update' })
  await expect(timeline).toContainText(update)
  expect((await intentionAs(ann, id)).updates.map((posted) => posted.text)).toEqual([update])

  // Sent, the draft is gone: the composer opens empty.
  await expect.poll(() => storedDrafts(page, 'prayer-update')).toEqual([])
  await page.goto(`/prayerwall?highlight=${id}`)
  await expect(card.getByRole('region', { name: 'Update' })).toContainText(update)
  dialog = await openComposer()
  await expect(dialog.getByRole('textbox', { name: 'Update' })).toHaveValue('')
  await closeMembers(ann)
})
