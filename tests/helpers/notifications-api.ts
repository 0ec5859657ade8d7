import { and, eq } from 'drizzle-orm'
import type { Notification, NotificationList } from '@contract/notifications'
import type { App } from '../../server/app'
import type { Database } from '../../server/db/client'
import { notificationsTable } from '../../server/notifications/notifications.table'

// Notification reads for the notifications tests: through the API, or straight from the table.

export async function listFor(app: App, cookie: string, query = ''): Promise<NotificationList> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: { cookie },
  })
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`)
  return response.json()
}

export async function rowsOf(db: Database, userId: string, type?: Notification['type']) {
  return db
    .select()
    .from(notificationsTable)
    .where(
      and(
        eq(notificationsTable.userId, userId),
        type ? eq(notificationsTable.type, type) : undefined,
      ),
    )
}

export function write(
  app: App,
  cookie: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
}
