import { and, asc, desc, eq, gt, lt } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import {
  DATA_EXPORT_LIMITS,
  DATA_EXPORT_MESSAGES,
  type DataExport,
  type DataExportStatus,
} from '@contract/member-data'
import { exportSignIns } from '../auth/member-export'
import { exportComments } from '../comments/member-export'
import type { Database } from '../db/client'
import { recordEvent } from '../events/record-event'
import { exportGroups } from '../groups/member-export'
import { exportIntentions } from '../intentions/member-export'
import { exportNotificationSettings } from '../notifications/member-export'
import { httpError, ProblemError } from '../errors/problem-error'
import { exportPrayerList } from '../prayer-list/member-export'
import { exportRooms } from '../rooms/member-export'
import { exportTestimonies } from '../testimonies/member-export'
import { exportProfile, type ExportFile, type MemberExporter } from '../users/member-export'
import { lockMember } from '../users/users.repository'
import { dataExportPartsTable, dataExportsTable } from './data-exports.table'
import { writeArchive } from './export-archive'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

// Every kind the issue lists, one capability at a time (each reads only its own tables).
const EXPORTERS: readonly MemberExporter[] = [
  exportProfile,
  exportSignIns,
  exportNotificationSettings,
  exportIntentions,
  exportComments,
  exportTestimonies,
  exportPrayerList,
  exportGroups,
  exportRooms,
]

type ExportRow = typeof dataExportsTable.$inferSelect

export const downloadPath = (id: string) => `/api/v1/users/me/export/${id}/download`

function stateOf(row: ExportRow, now: Date): DataExport['state'] {
  if (row.failedAt) return 'failed'
  if (!row.readyAt) return 'building'
  return row.expiresAt && row.expiresAt > now ? 'ready' : 'expired'
}

function toWire(row: ExportRow, now: Date): DataExport {
  const state = stateOf(row, now)
  return {
    export_id: row.id,
    state,
    requested_at: row.requestedAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: state === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    size_bytes: state === 'ready' ? row.sizeBytes : null,
    download_url: state === 'ready' ? downloadPath(row.id) : null,
  }
}

async function latestExport(db: Database, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExportsTable)
    .where(eq(dataExportsTable.userId, userId))
    .orderBy(desc(dataExportsTable.requestedAt))
    .limit(1)
  return row
}

/** A failed build does not count against the day: the member may ask again at once. */
function nextRequestAt(row: ExportRow | undefined): Date | null {
  if (!row || row.failedAt) return null
  return new Date(row.requestedAt.getTime() + DATA_EXPORT_LIMITS.everyHours * HOUR_MS)
}

export async function exportStatus(
  db: Database,
  userId: string,
  now: Date,
): Promise<DataExportStatus> {
  const row = await latestExport(db, userId)
  const next = nextRequestAt(row)
  return {
    export: row ? toWire(row, now) : null,
    next_request_at: next && next > now ? next.toISOString() : null,
  }
}

/**
 * POST /api/v1/users/me/export: records the request and its event in one transaction (the
 * build is the event's subscriber's). A second request within 24 hours answers 429 with the
 * seconds to wait; the lock on the member's row makes two at once count as two.
 */
export async function requestExport(
  db: Database,
  userId: string,
  now: Date,
): Promise<DataExportStatus> {
  return db.transaction(async (tx) => {
    // Two requests at once from one member: the second waits and then sees the first.
    await lockMember(tx, userId)
    const next = nextRequestAt(await latestExport(tx, userId))
    if (next && next > now) {
      throw new ProblemError(
        429,
        ErrorCode.rateLimited,
        DATA_EXPORT_MESSAGES.tooSoon,
        undefined,
        { next_request_at: next.toISOString() },
        { 'retry-after': String(Math.ceil((next.getTime() - now.getTime()) / 1000)) },
      )
    }
    const [row] = await tx.insert(dataExportsTable).values({ userId, requestedAt: now }).returning()
    await recordEvent(
      tx,
      { type: 'DataExportRequested', payload: { exportId: row!.id, userId } },
      { occurredAt: now },
    )
    return { export: toWire(row!, now), next_request_at: nextRequestAt(row)!.toISOString() }
  })
}

async function* filesOf(db: Database, userId: string, builtAt: Date) {
  const about: ExportFile[] = []
  for (const exporter of EXPORTERS) {
    for (const file of await exporter(db, userId)) {
      about.push(file)
      yield file
    }
  }
  yield { name: 'README.txt', text: readme(about, builtAt) }
}

function readme(files: readonly ExportFile[], builtAt: Date): string {
  return [
    `Your data, as it was on ${builtAt.toISOString()}.`,
    '',
    'Each file is JSON (UTF-8). Times are in UTC (ISO 8601). Requests, comments and testimonies',
    'of other members appear only by their id: what you gave, never what others wrote or who',
    'they are. Anonymous posts of yours are here: only you receive this archive.',
    '',
    ...files.map((file) => `${file.name}\n  ${file.about}`),
    '',
  ].join('\n')
}

/**
 * Builds the archive of one request (the DataExportRequested subscriber). Safe to repeat: a
 * delivery retried after a crash starts the pieces again. Answers null when the request is
 * gone, and the built request as it is when an earlier try built it.
 */
export async function buildExport(db: Database, exportId: string, now: () => Date) {
  const [row] = await db.select().from(dataExportsTable).where(eq(dataExportsTable.id, exportId))
  if (!row) return null
  // Built by an earlier try that died before telling the member: tell them now.
  if (row.readyAt) return row
  await db.delete(dataExportPartsTable).where(eq(dataExportPartsTable.exportId, exportId))
  const builtAt = now()
  const size = await writeArchive(filesOf(db, row.userId, builtAt), async (seq, bytes) => {
    await db.insert(dataExportPartsTable).values({ exportId, seq, bytes })
  })
  const readyAt = now()
  const [ready] = await db
    .update(dataExportsTable)
    .set({
      failedAt: null,
      readyAt,
      expiresAt: new Date(readyAt.getTime() + DATA_EXPORT_LIMITS.keptDays * DAY_MS),
      sizeBytes: size,
      fileName: `prayer-community-data-${builtAt.toISOString().slice(0, 10)}.zip`,
    })
    .where(eq(dataExportsTable.id, exportId))
    .returning()
  return ready ?? null
}

/** Marks a request that could not be built, so the member may ask again. */
export async function markExportFailed(db: Database, exportId: string, now: Date) {
  await db.update(dataExportsTable).set({ failedAt: now }).where(eq(dataExportsTable.id, exportId))
}

/**
 * The member's own ready archive, or 404 (another member's, unknown, expired: the same answer,
 * so an id reveals nothing). Yields its pieces in order, one at a time.
 */
export async function openDownload(db: Database, userId: string, exportId: string, now: Date) {
  const [row] = await db
    .select()
    .from(dataExportsTable)
    .where(and(eq(dataExportsTable.id, exportId), eq(dataExportsTable.userId, userId)))
  if (!row || stateOf(row, now) !== 'ready')
    throw httpError(404, ErrorCode.notFound, DATA_EXPORT_MESSAGES.notFound)
  async function* pieces() {
    let seq = -1
    for (;;) {
      const [part] = await db
        .select()
        .from(dataExportPartsTable)
        .where(and(eq(dataExportPartsTable.exportId, exportId), gt(dataExportPartsTable.seq, seq)))
        .orderBy(asc(dataExportPartsTable.seq))
        .limit(1)
      if (!part) return
      seq = part.seq
      yield part.bytes
    }
  }
  return { fileName: row.fileName ?? 'data.zip', size: row.sizeBytes ?? 0, pieces: pieces() }
}

/** Deletes archives past their 7 days (their pieces go with them). */
export async function pruneExports(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(dataExportsTable)
    .where(lt(dataExportsTable.expiresAt, now))
    .returning({ id: dataExportsTable.id })
  return gone.length
}
