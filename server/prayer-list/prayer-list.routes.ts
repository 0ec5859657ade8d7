import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PrayerListSchema } from '@contract/prayer-list'
import {
  PrayerUpdateBodySchema,
  PrayerUpdateSchema,
  PrayerUpdatesSchema,
} from '@contract/prayer-updates'
import { NextReminderSchema, ReminderSettingsSchema } from '@contract/reminders'
import type { Viewer } from '../auth/viewer'
import type { TestimonyPort } from '../intentions/testimony-port'
import { assertCanSeeIntention } from '../intentions/intention-access'
import { IntentionParamsSchema } from '../intentions/intentions.routes'
import { READ, WRITE, readContext, writeContext } from '../auth/route-context'
import { addToPrayerList, readPrayerList, removeFromPrayerList } from './prayer-list.service'
import { listPrayerUpdates, postPrayerUpdate } from '../intentions/prayer-updates.service'
import {
  readReminderSettings,
  saveReminderSettings,
  skipReminderToday,
  snoozeReminder,
} from './reminders.service'

const ListParamsSchema = z.object({ intentionId: z.uuid() })

/** Issue 20: My Prayer List, prayer updates and reminders. Names and shapes are the issue's. */
export function prayerListRoutes(
  app: FastifyInstance,
  { testimonies }: { testimonies: TestimonyPort },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now } = app.deps
  const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer
  const listTags = ['prayer-list']
  const entryPath = '/api/v1/prayer-list/:intentionId'
  const remindersPath = '/api/v1/users/me/reminders'

  routes.get(
    '/api/v1/prayer-list',
    { config: READ, schema: { tags: listTags, response: { 200: PrayerListSchema } } },
    async (request) =>
      readPrayerList({
        ...readContext(app, request),
        testimonies,
        showPrayerCounts: (await app.community.read()).show_prayer_counts,
      }),
  )

  routes.put(
    entryPath,
    {
      config: READ,
      schema: {
        tags: listTags,
        description:
          'Adds a request the member can see to their list (404 otherwise); repeats safely.',
        params: ListParamsSchema,
      },
    },
    async (request, reply) => {
      await addToPrayerList(readContext(app, request), request.params.intentionId)
      return reply.code(204).send()
    },
  )

  routes.delete(
    entryPath,
    {
      config: READ,
      schema: {
        tags: listTags,
        description: 'Removes the request from the list, or dismisses its answered note.',
        params: ListParamsSchema,
      },
    },
    async (request, reply) => {
      await removeFromPrayerList(db, viewerOf(request).userId, request.params.intentionId)
      return reply.code(204).send()
    },
  )

  routes.get(
    '/api/v1/intentions/:id/updates',
    {
      config: READ,
      schema: {
        tags: ['intentions'],
        params: IntentionParamsSchema,
        response: { 200: PrayerUpdatesSchema },
      },
    },
    async (request) => {
      await assertCanSeeIntention({ ...readContext(app, request), intentionId: request.params.id })
      return { items: await listPrayerUpdates(db, request.params.id) }
    },
  )

  routes.post(
    '/api/v1/intentions/:id/updates',
    {
      config: { ...WRITE, idempotent: true },
      schema: {
        tags: ['intentions'],
        description:
          'The author posts an update on their active request (70–1,200 characters); everyone who prayed for it or listed it hears of it.',
        params: IntentionParamsSchema,
        body: PrayerUpdateBodySchema,
        response: { 201: PrayerUpdateSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await postPrayerUpdate(writeContext(app, request), request.params.id, request.body)),
  )

  routes.get(
    remindersPath,
    { schema: { tags: listTags, response: { 200: ReminderSettingsSchema } } },
    (request) => readReminderSettings(db, viewerOf(request).userId),
  )

  routes.put(
    remindersPath,
    {
      schema: {
        tags: listTags,
        body: ReminderSettingsSchema,
        response: { 200: ReminderSettingsSchema },
      },
    },
    (request) =>
      saveReminderSettings({
        db,
        userId: viewerOf(request).userId,
        settings: request.body,
        now: now(),
      }),
  )

  routes.post(
    `${remindersPath}/snooze`,
    {
      schema: {
        tags: listTags,
        description: '"Snooze 1 hour" on a reminder.',
        response: { 200: NextReminderSchema },
      },
    },
    (request) => snoozeReminder(db, viewerOf(request).userId, now()),
  )

  routes.post(
    `${remindersPath}/skip-today`,
    {
      schema: {
        tags: listTags,
        description: '"Not today" on a reminder.',
        response: { 200: NextReminderSchema },
      },
    },
    (request) => skipReminderToday(db, viewerOf(request).userId, now()),
  )
}
