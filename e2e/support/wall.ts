import type { BrowserContext, Page } from 'playwright/test'
import { expect } from '../fixtures/test'

// Wall set-up and device checks shared by specs, done through the API or the page's storage
// so a spec spends its steps on the story it tells.

const DETAILS =
  'Please hold this in prayer with me this week; it weighs on me and on all of our family.'

/** A prayer request asked by `context`'s member, public unless `fields` say otherwise; its id. */
export async function askThroughApi(
  context: BrowserContext,
  origin: string,
  fields: { title: string } & Record<string, unknown>,
): Promise<string> {
  const created = await context.request.post('/api/v1/intentions', {
    headers: { Origin: origin },
    data: {
      details: DETAILS,
      tags: [],
      scripture: null,
      destination: 'public_wall',
      group_id: null,
      identity_mode: 'display_name',
      ...fields,
    },
  })
  expect(created.status()).toBe(201)
  return ((await created.json()) as { intention_id: string }).intention_id
}

/**
 * A private group of `context`'s member, for a spec that needs many cards at once: the wall is
 * shared by both workers' specs, and ten public cards in a moment push another spec's card off
 * the first page it is looking at. The group's cards are on its members' walls only.
 */
export async function newPrivateGroup(
  context: BrowserContext,
  origin: string,
  name: string,
): Promise<{ id: string; invite_code: string }> {
  const created = await context.request.post('/api/v1/groups', {
    headers: { Origin: origin },
    data: { name },
  })
  expect(created.status()).toBe(201)
  return (await created.json()) as { id: string; invite_code: string }
}

/** A request of `context`'s member in their private group `groupId`; its id. */
export function askInGroup(
  context: BrowserContext,
  origin: string,
  groupId: string,
  fields: { title: string } & Record<string, unknown>,
): Promise<string> {
  return askThroughApi(context, origin, {
    ...fields,
    destination: 'private_group',
    group_id: groupId,
  })
}

/**
 * `form`'s drafts in the page's IndexedDB (idb-keyval's default store), as stored. Wait for the
 * values typed, not for a draft: one saved during a pause between two fields holds the first only.
 */
export function storedDrafts(
  page: Page,
  form: 'prayer-composer' | 'testimony' | 'prayer-update',
): Promise<unknown[]> {
  return page.evaluate(
    (prefix) =>
      new Promise<unknown[]>((resolve, reject) => {
        const opened = indexedDB.open('keyval-store')
        // No store yet: abort rather than create an empty database the app could not upgrade.
        opened.onupgradeneeded = () => opened.transaction?.abort()
        opened.onerror = () =>
          opened.error?.name === 'AbortError' ? resolve([]) : reject(opened.error)
        opened.onsuccess = () => {
          const db = opened.result
          const drafts: unknown[] = []
          const cursor = db.transaction('keyval').objectStore('keyval').openCursor()
          cursor.onerror = () => reject(cursor.error)
          cursor.onsuccess = () => {
            const entry = cursor.result
            if (!entry) {
              db.close()
              resolve(drafts)
              return
            }
            if (String(entry.key).startsWith(prefix)) drafts.push(entry.value)
            entry.continue()
          }
        }
      }),
    `${form}-draft`,
  )
}
