import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommunityIcons } from '@contract/community-logo'
import { PushPayloadSchema } from '@contract/push'
import { NOTIFICATION_ICON, systemNotificationContent } from '@contract/system-notification'
import { createUser, signIn } from '../../../tests/helpers/users'
import { multipartBody, redLogo } from '../../community/testing/logo-files'
import { newDevice } from './testing/push-service'
import { type PushWorld, startPushWorld } from '../../../tests/helpers/push-world'

// Issue 38: a pushed notification shows the community's icon, rendered from its logo, as the
// service worker draws it (systemNotificationContent), from the next push after an upload.
let world: PushWorld

beforeAll(async () => {
  world = await startPushWorld()
}, 60_000)
afterAll(() => world.close())

describe('a pushed notification’s icon', () => {
  it('is the product’s until the community has a logo, then the logo’s', async () => {
    const user = await createUser(world.database.db)
    const cookie = await signIn(world.live.app, user)
    const device = newDevice(`${world.pushService.url}/device-icon`)
    await world.live.app.inject({
      method: 'POST',
      url: '/api/notifications/push-subscriptions',
      headers: { cookie },
      payload: { endpoint: device.endpoint, keys: device.keys },
    })
    const pushed = async (count: number) => {
      await world.live.app.notifier.raise({
        userId: user.id,
        type: 'WeeklySummary',
        title: 'Your week',
      })
      const pushes = () =>
        world.pushService.received.filter((r) => device.endpoint.endsWith(r.path))
      await expect.poll(() => pushes().length, { timeout: 10_000 }).toBe(count)
      const payload = PushPayloadSchema.parse(JSON.parse(device.decrypt(pushes()[count - 1]!.body)))
      return systemNotificationContent(payload.notification, payload.readUrl, payload.icon).options
    }
    expect(await pushed(1)).toMatchObject({ icon: NOTIFICATION_ICON, badge: NOTIFICATION_ICON })

    const admin = await signIn(
      world.live.app,
      await createUser(world.database.db, { roles: ['member', 'admin'] }),
    )
    const { payload, contentType } = multipartBody({
      bytes: await redLogo('png'),
      filename: 'logo.png',
      type: 'image/png',
    })
    const uploaded = await world.live.app.inject({
      method: 'POST',
      url: '/api/v1/admin/community/logo',
      headers: { cookie: admin, 'content-type': contentType },
      payload,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const icon = (uploaded.json() as CommunityIcons).notificationIcon

    expect(await pushed(2)).toMatchObject({ icon, badge: icon })
    const served = await world.live.app.inject({ method: 'GET', url: icon })
    expect(served.headers['content-type']).toBe('image/png')
    const { width, height } = await sharp(served.rawPayload).metadata()
    expect([width, height]).toEqual([192, 192])
  })
})
