import * as z from 'zod/mini'

// Issue 40 "Download my data": a member asks for an archive of everything they wrote and chose
// (one JSON file per kind, and a README); a background job builds it, the member is told when it
// is ready, and the link works for them alone for 7 days. One request per 24 hours.

export const DATA_EXPORT_LIMITS = {
  /** Hours between two requests. */
  everyHours: 24,
  /** Days a built archive can be downloaded. */
  keptDays: 7,
} as const

export const DATA_EXPORT_STATES = ['building', 'ready', 'failed', 'expired'] as const
export type DataExportState = (typeof DATA_EXPORT_STATES)[number]

export const DataExportSchema = z.object({
  export_id: z.string(),
  state: z.enum(DATA_EXPORT_STATES),
  requested_at: z.string(),
  ready_at: z.nullable(z.string()),
  /** When the download stops working (ready only). */
  expires_at: z.nullable(z.string()),
  /** The archive's size in bytes (ready only). */
  size_bytes: z.nullable(z.number()),
  /** Where the member downloads it (ready only): for their session alone. */
  download_url: z.nullable(z.string()),
})
export type DataExport = z.infer<typeof DataExportSchema>

/** GET /api/v1/users/me/export: the latest export, and when the next may be asked for. */
export const DataExportStatusSchema = z.object({
  export: z.nullable(DataExportSchema),
  /** Null: one may be asked for now. */
  next_request_at: z.nullable(z.string()),
})
export type DataExportStatus = z.infer<typeof DataExportStatusSchema>

export const DataExportParamsSchema = z.object({ id: z.uuid() })

export const DATA_EXPORT_MESSAGES = {
  tooSoon: 'You can ask for your data once a day. Your last archive is still being made or ready.',
  notFound: 'This download is not available: it may have expired. Ask for your data again.',
} as const
