// The page and the service worker agree on these (DESIGN §6): the page registers a Background
// Sync under the tag while writes wait offline; the service worker's `sync` event asks every
// open page to replay its outbox, since the outbox and the member's session live in the page.
export const OUTBOX_SYNC_TAG = 'outbox-replay'
export const OUTBOX_SYNC_MESSAGE = { type: 'outbox-replay' } as const

// POST /api/v1/sync (issue 19): the outbox in order, up to 100 entries a request. Here rather
// than in sync.ts so the service worker reads them without loading zod.
export const SYNC_PATH = '/api/v1/sync'
export const SYNC_MAX_ENTRIES = 100
