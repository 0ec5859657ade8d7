import { describe, expect, it } from 'vitest'
import { isCachedApiRead, isStaticMedia } from './api-routes'

const ORIGIN = 'https://prayer.example'
const get = (path: string, origin = ORIGIN) => ({ method: 'GET', url: new URL(path, origin).href })
const id = '0190a1b2-0000-7000-8000-000000000000'

describe('API reads kept for offline use (NetworkFirst per member)', () => {
  it.each([
    '/api/v1/intentions?include_all_statuses=true&limit=10',
    '/api/v1/intentions?destination=private_group&cursor=abc',
    `/api/v1/intentions/${id}`,
    `/api/v1/intentions/${id}/comments?limit=20`,
    `/api/v1/intentions/${id}/reactions?type=amen`,
    `/api/v1/intentions/${id}/comments/${id}/reactions`,
    '/api/v1/testimonies?limit=20',
    `/api/v1/testimonies/${id}`,
    `/api/v1/testimonies/${id}/reactors`,
    '/api/notifications?cursor=abc',
    '/api/v1/groups/mine',
    `/api/v1/groups/${id}/members`,
    '/api/v1/tags?search=hea',
  ])('GET %s', (path) => {
    expect(isCachedApiRead(get(path), ORIGIN)).toBe(true)
  })
})

describe('requests that always reach the network', () => {
  // Who is signed in must come from the server, never from a member's cache.
  it.each([
    '/auth/session',
    '/api/v1/users/me',
    '/api/v1/users/me/',
    '/api/v1/users/display-name?gender=female',
    '/api/notifications/push-subscriptions',
    '/api/notifications/push-public-key',
    '/hub/notifications?id=abc',
    '/__dev/mail',
    '/api/openapi.json',
    '/healthz',
    '/api/v1/moderation/reports',
    `/api/v1/groups/${id}/members/me`,
    '/prayerwall',
  ])('GET %s', (path) => {
    expect(isCachedApiRead(get(path), ORIGIN)).toBe(false)
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s writes, even to a cached path', (method) => {
    const url = `${ORIGIN}/api/v1/intentions/${id}/reactions`
    expect(isCachedApiRead({ method, url }, ORIGIN)).toBe(false)
  })

  it('another origin with the same path', () => {
    expect(isCachedApiRead(get('/api/v1/intentions', 'https://elsewhere.example'), ORIGIN)).toBe(
      false,
    )
  })
})

describe('images and fonts are cache-first', () => {
  it.each(['image', 'font'])('%s', (destination) => expect(isStaticMedia(destination)).toBe(true))
  it.each(['', 'document', 'script', 'style', 'manifest'])('not %s', (destination) =>
    expect(isStaticMedia(destination)).toBe(false),
  )
})
