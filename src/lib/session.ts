import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useState, useSyncExternalStore } from 'react'
import * as z from 'zod/mini'
import { isAdmin, isModerator } from '@contract/roles'
import { toTolerantBoolean } from '@contract/tolerant-boolean'
import { followMemberLanguage } from '../i18n/member-language'
import { apiFetch, NetworkError } from './api-client'
import { readDeviceOwner } from './device-owner'
import { memberIdWatch } from './member-id-watch'
import {
  clearSessionHints,
  readCachedProfile,
  writeAuthenticatedFlag,
  writeCachedProfile,
  writeReturnPath,
} from './session-storage'

// Spec 000 §3: the session state every page reads. This module is in the first load (guards and
// header), so it validates with zod/mini and uses only the contract's zod-free helpers.

/** `isPending`: signed in, waiting for a moderator's approval (issue 38, join = "approval"). */
export type Session = { isAuthenticated: boolean; hasProfile: boolean | null; isPending: boolean }
export type SessionState = Session & { isResolving: boolean }

export const anonymousSession: Session = {
  isAuthenticated: false,
  hasProfile: null,
  isPending: false,
}

// Read loosely: booleans arrive in any of the spellings spec 000 §3 tolerates.
const SessionAnswerSchema = z.looseObject({
  isAuthenticated: z.optional(z.unknown()),
  hasProfile: z.optional(z.unknown()),
  has_profile: z.optional(z.unknown()),
  isPending: z.optional(z.unknown()),
  is_pending: z.optional(z.unknown()),
})

async function fetchSession(signal: AbortSignal): Promise<Session> {
  try {
    const answer = await apiFetch('/auth/session', { schema: SessionAnswerSchema, signal })
    const rawHasProfile = answer.hasProfile ?? answer.has_profile
    const session: Session = toTolerantBoolean(answer.isAuthenticated)
      ? {
          isAuthenticated: true,
          hasProfile: rawHasProfile == null ? null : toTolerantBoolean(rawHasProfile),
          isPending: toTolerantBoolean(answer.isPending ?? answer.is_pending),
        }
      : anonymousSession
    writeAuthenticatedFlag(session.isAuthenticated)
    if (!session.isAuthenticated) sessionEnded('expired')
    return session
  } catch (error) {
    // Offline (DESIGN §6, ADR 0007): the member whose saved content this device holds stays
    // signed in, so the wall opens offline; the server decides again once it can be reached.
    const owner = error instanceof NetworkError ? readDeviceOwner() : null
    // A member waiting for approval has no saved content, so the owner is never one.
    if (owner) return { isAuthenticated: true, hasProfile: owner.hasProfile, isPending: false }
    // Spec 000 §4: a network failure or a non-OK answer counts as not authenticated, profile unknown.
    writeAuthenticatedFlag(false)
    return anonymousSession
  }
}

/**
 * Why a session ended: the member signed out on purpose, or the server no longer knows it
 * (expired, a 401, a password reset). What the member saved but has not sent yet (the outbox,
 * drafts) goes only on purpose (DESIGN §6, ADR 0015).
 */
export type SessionEndReason = 'signed-out' | 'expired'

const sessionEndListeners = new Set<(reason: SessionEndReason) => void>()

/** Whatever else the device keeps for the member (features/offline) goes when the session ends. */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  sessionEndListeners.add(listener)
  return () => sessionEndListeners.delete(listener)
}

// The server said so (signed out, a 401, a session check answering "not authenticated"); never
// on a network failure or a 5xx, which say nothing about who is signed in.
function sessionEnded(reason: SessionEndReason): void {
  clearSessionHints()
  for (const listener of sessionEndListeners) listener(reason)
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => fetchSession(signal),
    // Sign-in, sign-out and a forced logout set it explicitly; a 401 anywhere ends it at once.
    staleTime: 5 * 60_000,
  })
}

/** For route guards: the session, checked once and then read from the query cache. */
export function ensureSession(queryClient: QueryClient): Promise<Session> {
  return queryClient.ensureQueryData(sessionQueryOptions())
}

/** After a sign-in: read the new session from the server before navigating on. */
export function refreshSession(queryClient: QueryClient): Promise<Session> {
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 })
}

export function useSession(): SessionState {
  const { data, isPending } = useQuery(sessionQueryOptions())
  return { ...(data ?? anonymousSession), isResolving: isPending }
}

// Spec 000 §3 "Profile (as read by the client)": either spelling of each field.
export type ViewerProfile = {
  userId: string | null
  displayName: string | null
  firstName: string | null
  lastName: string | null
  email: string | null
  emailVerified: boolean
  isModerator: boolean
  /** Admin or owner: opens the audit log and the roles screen (issue 8). */
  isAdmin: boolean
  /** Issue 37: a new address waiting for its link; `email` stays in force until then. */
  pendingEmail?: string
}

const text = z.optional(z.nullable(z.string()))
const ProfileAnswerSchema = z.looseObject({
  user_id: text,
  display_name: text,
  displayName: text,
  first_name: text,
  last_name: text,
  email: text,
  email_verified: z.optional(z.unknown()),
  emailVerified: z.optional(z.unknown()),
  pending_email: text,
  // Spec 000 §3: any of these may mark a moderator.
  is_moderator: z.optional(z.unknown()),
  roles: z.optional(z.unknown()),
  role: z.optional(z.unknown()),
  permissions: z.optional(z.unknown()),
  language: z.optional(z.unknown()),
})

const CachedProfileSchema = z.object({
  userId: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  emailVerified: z.boolean(),
  isModerator: z.boolean(),
  // A copy cached before admins were told apart reads as not admin until the server answers.
  isAdmin: z.catch(z.boolean(), false),
  pendingEmail: z.catch(z.optional(z.string()), undefined),
})

async function fetchProfile(signal: AbortSignal): Promise<ViewerProfile | null> {
  try {
    const answer = await apiFetch('/api/v1/users/me/', { schema: ProfileAnswerSchema, signal })
    const profile: ViewerProfile = {
      userId: answer.user_id ?? null,
      displayName: answer.display_name ?? answer.displayName ?? null,
      firstName: answer.first_name ?? null,
      lastName: answer.last_name ?? null,
      email: answer.email ?? null,
      emailVerified: toTolerantBoolean(answer.email_verified ?? answer.emailVerified),
      isModerator: isModerator(answer),
      isAdmin: isAdmin(answer),
      ...(answer.pending_email ? { pendingEmail: answer.pending_email } : {}),
    }
    writeCachedProfile(profile)
    followMemberLanguage(answer.language)
    return profile
  } catch (error) {
    // Spec 000 §4: the cached profile is cleared on a 401 or 403 during refresh, and those two
    // still reach the session guard; any other failure "returns nothing" (§8).
    const status = (error as { status?: unknown }).status
    if (status === 401 || status === 403) {
      writeCachedProfile(null)
      throw error
    }
    return null
  }
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['profile', 'me'],
    queryFn: ({ signal }) => fetchProfile(signal),
    // The tab's cached copy paints the name at once; the server's answer replaces it.
    initialData: () => {
      const cached = z.safeParse(CachedProfileSchema, readCachedProfile())
      return cached.success ? cached.data : undefined
    },
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  })
}

/** The signed-in user's profile; null while signed out or when it cannot be read. */
export function useProfile(): { profile: ViewerProfile | null; isLoading: boolean } {
  const { isAuthenticated } = useSession()
  const { data, isLoading } = useQuery({ ...profileQueryOptions(), enabled: isAuthenticated })
  return { profile: isAuthenticated ? (data ?? null) : null, isLoading }
}

/**
 * The signed-in member's id, which names what is theirs on this device (drafts, the outbox);
 * null while signed out. Offline the profile cannot be read (it answers null) and the session
 * reads as the device owner (ADR 0007), so the owner's id stands in. Not while the profile is
 * still loading: the owner may be the member who used the device before this one signed in.
 */
export function useMemberId(): string | null {
  const { subscribe, read } = memberIdWatch<Session, ViewerProfile | null>(useQueryClient(), {
    session: sessionQueryOptions,
    profile: profileQueryOptions,
  })
  return useSyncExternalStore(subscribe, read)
}

/**
 * Forgets the signed-in user in this tab: session hints, and every cached answer, which all
 * belong to that user (DESIGN §6). The session itself reads as signed out afterwards.
 */
export function endSessionLocally(
  queryClient: QueryClient,
  reason: SessionEndReason = 'expired',
): void {
  sessionEnded(reason)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' })
  queryClient.setQueryData(sessionQueryOptions().queryKey, anonymousSession)
}

/**
 * Spec 000 §4 "Logout": POST /auth/logout, then always go to /, whatever the server said.
 * `leave` navigates away BEFORE the cache is cleared: clearing it under a protected screen
 * makes that screen refetch with the dead session, and the 401 would read as a forced logout.
 */
// A sign-out here ends the session, and the hub then closes this page's connection for it: that
// close must not read as "signed out elsewhere" and send the member to sign-in (hub-client.ts).
const OWN_SIGN_OUT_MS = 10_000
let signedOutHereAt = -Infinity

/** True shortly after this page signed out by itself. */
export function signedOutHereJustNow(): boolean {
  return Date.now() - signedOutHereAt < OWN_SIGN_OUT_MS
}

export async function signOut(queryClient: QueryClient, leave: () => Promise<void>): Promise<void> {
  signedOutHereAt = Date.now()
  await queryClient.cancelQueries()
  await apiFetch('/auth/logout', { method: 'POST' }).catch(() => undefined)
  await leave()
  endSessionLocally(queryClient, 'signed-out')
  writeReturnPath(null)
}

export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [isSigningOut, setSigningOut] = useState(false)
  const run = useCallback(async () => {
    setSigningOut(true)
    try {
      await signOut(queryClient, () => navigate({ to: '/' }))
    } finally {
      setSigningOut(false)
    }
  }, [queryClient, navigate])
  return { signOut: run, isSigningOut }
}
