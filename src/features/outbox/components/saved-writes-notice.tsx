import Alert from '@mui/material/Alert'
import { useEffect, useState } from 'react'
import { readOutboxOwner } from '@/lib/outbox/outbox-owner'
import { readQueue } from '@/lib/outbox/outbox-store'
import { useT } from '@/i18n/use-t'

/**
 * On the sign-in page after a session ended with writes still queued (DESIGN §6, ADR 0015):
 * they are kept, and sent once the member signs in again. Only the count shows: whoever signs in
 * here may be someone else, who never sees the writes themselves.
 */
export function SavedWritesNotice() {
  const t = useT()
  const [count, setCount] = useState(0)
  useEffect(() => {
    const owner = readOutboxOwner()
    if (!owner) return
    let current = true
    readQueue(owner, { fresh: true })
      .then((queue) => current && setCount(queue.length))
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [])
  if (count === 0) return null
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t('Sign in to send your saved prayers', { count })}
    </Alert>
  )
}
