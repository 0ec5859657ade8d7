import { hashKey, type QueryClient } from '@tanstack/react-query'
import { onDeviceOwnerChange, readDeviceOwner, writeDeviceOwner } from '@/lib/device-owner'
import {
  onSessionEnd,
  profileQueryOptions,
  sessionQueryOptions,
  type ViewerProfile,
} from '@/lib/session'
import { removePersistedQueries } from './query-storage'
import { nameServiceWorkerOwner } from './service-worker-owner'

// Whose data is on this device (DESIGN §6). The member named by the server's profile owns the
// persisted queries and the service worker's API caches; they are dropped when the server ends
// the session (sign-out, a 401, "not authenticated") and when someone else signs in.

// The only queries that are not one member's content: they say who is signed in.
const IDENTITY_QUERIES = new Set(['session', 'profile'])

const loadPersistence = () => import('./query-persistence')

export type DeviceData = { stop: () => void }

export async function startDeviceData(queryClient: QueryClient): Promise<DeviceData> {
  let persisting: { userId: string; stop: () => void } | null = null
  let steps = Promise.resolve()
  const inTurn = (step: () => Promise<void>) => {
    steps = steps
      .then(step)
      .catch((error: unknown) => console.warn('Device data step failed', error))
    return steps
  }

  function stopPersisting(): void {
    persisting?.stop()
    persisting = null
  }

  function forgetMemberQueries(): void {
    queryClient.removeQueries({
      predicate: (query) => !IDENTITY_QUERIES.has(String(query.queryKey[0])),
    })
  }

  async function persistFor(userId: string): Promise<void> {
    if (persisting?.userId === userId) return
    stopPersisting()
    const { persistMemberQueries } = await loadPersistence()
    // Signed out (or someone else in) while the module loaded: this member's time has passed.
    if (readDeviceOwner()?.userId !== userId) return
    persisting = { userId, stop: await persistMemberQueries(queryClient, userId) }
  }

  // Synchronous up to the worker's answer: nothing of the member is written after this starts.
  function wipe(): Promise<void> {
    stopPersisting()
    writeDeviceOwner(null)
    removePersistedQueries()
    return nameServiceWorkerOwner(null)
  }

  async function adopt(userId: string, hasProfile: boolean | null): Promise<void> {
    const previous = readDeviceOwner()
    if (previous && previous.userId !== userId) {
      await wipe()
      forgetMemberQueries()
    }
    writeDeviceOwner({ userId, hasProfile })
    if (previous?.userId !== userId) await nameServiceWorkerOwner(userId)
    await persistFor(userId)
  }

  const owner = readDeviceOwner()
  // Before the first render, so the last feed paints from the restored cache at once.
  if (owner) await inTurn(() => persistFor(owner.userId))
  // The worker may have missed a change made while it was stopped or being replaced.
  void inTurn(() => nameServiceWorkerOwner(owner?.userId ?? null))

  const profileHash = hashKey(profileQueryOptions().queryKey)
  const stopWatchingProfile = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    if (event.query.queryHash !== profileHash) return
    const profile = event.query.state.data as ViewerProfile | null
    const session = queryClient.getQueryData(sessionQueryOptions().queryKey)
    // A profile read offline is null: unknown, which changes nothing.
    if (profile?.userId && session?.isAuthenticated) {
      const { userId } = profile
      void inTurn(() => adopt(userId, session.hasProfile))
    }
  })
  const stopWatchingSession = onSessionEnd(() => void inTurn(wipe))
  // Another tab signed out or signed someone else in: this tab's member answers are not theirs.
  const stopWatchingTabs = onDeviceOwnerChange(() => {
    if (!persisting || readDeviceOwner()?.userId === persisting.userId) return
    stopPersisting()
    forgetMemberQueries()
    void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey })
  })

  return {
    stop: () => {
      stopPersisting()
      stopWatchingProfile()
      stopWatchingSession()
      stopWatchingTabs()
    },
  }
}
