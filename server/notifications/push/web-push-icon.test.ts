import webpush from 'web-push'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommunityIcons } from '@contract/community-logo'
import { PushPayloadSchema } from '@contract/push'
import { NOTIFICATION_ICON, systemNotificationContent } from '@contract/system-notification'
import { createTestDatabase } from '../../../tests/helpers/test-db'
import { createUser, signIn } from '../../../tests/helpers/users'
import { multipartBody, redLogo } from '../../community/testing/logo-files'
import type { DatabaseHandle } from '../../db/client'
import { createInProcessBackplane } from '../../realtime/backplane'
import { startLiveApp, type LiveApp } from '../testing/live-app'
import { newDevice, type PushService, startPushService } from './testing/push-service'

// Issue 38: a pushed notification shows the community's icon, rendered from its logo, as the
// service worker draws it (systemNotificationContent), from the next push after an upload.
let database: DatabaseHandle
const backplane = createInProcessBackplane()
let live: LiveApp
let pushService: PushService

beforeAll(async () => {
  database = await createTestDatabase()
  live = await startLiveApp(database, backplane)
  pushService = await startPushService()
  live.app.webPush.transport = (subscription, payload, options) =>
    webpush.sendNotification(subscription, payload, { ...options, agent: pushService.agent })
}, 60_000)
afterAll(async () => {
  await live.close()
  await pushService.close()
  await backplane.close()
  await database.close()
})

describe('a pushed notification’s icon', () => {
  it('is the product’s until the community has a logo, then the logo’s', async () => {
    const user = await createUser(database.db)
    const cookie = await signIn(live.app, user)
    const device = newDevice(`${pushService.url}/device-icon`)
    await live.app.inject({
      method: 'POST',
      url: '/api/notifications/push-subscriptions',
      headers: { cookie },
      payload: { endpoint: device.endpoint, keys: device.keys },
    })
    const pushed = async (count: number) => {
      await live.app.notifier.raise({ userId: user.id, type: 'WeeklySummary', title: 'Your week' })
      const pushes = () => pushService.received.filter((r) => device.endpoint.endsWith(r.path))
      await expect.poll(() => pushes().length, { timeout: 10_000 }).toBe(count)
      const payload = PushPayloadSchema.parse(JSON.parse(device.decrypt(pushes()[count - 1]!.body)))
      return systemNotificationContent(payload.notification, payload.readUrl, payload.icon).options
    }
    expect(await pushed(1)).toMatchObject({ icon: NOTIFICATION_ICON, badge: NOTIFICATION_ICON })

    const admin = await signIn(
      live.app,
      await createUser(database.db, { roles: ['member', 'admin'] }),
    )
    const { payload, contentType } = multipartBody({
      bytes: await redLogo('png'),
      filename: 'logo.png',
      type: 'image/png',
    })
    const uploaded = await live.app.inject({
      method: 'POST',
      url: '/api/v1/admin/community/logo',
      headers: { cookie: admin, 'content-type': contentType },
      payload,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const icon = (uploaded.json() as CommunityIcons).notificationIcon

    expect(await pushed(2)).toMatchObject({ icon, badge: icon })
    const served = await live.app.inject({ method: 'GET', url: icon })
    expect(served.headers['content-type']).toBe('image/png')
    const { width, height } = await sharp(served.rawPayload).metadata()
    expect([width, height]).toEqual([192, 192])
  })
})
