// The page and the service worker agree on these (DESIGN §6): the page registers a Background
// Sync under the tag while writes wait offline; the service worker's `sync` event asks every
// open page to replay its outbox, since the outbox and the member's session live in the page.
export const OUTBOX_SYNC_TAG = 'outbox-replay'
export const OUTBOX_SYNC_MESSAGE = { type: 'outbox-replay' } as const
