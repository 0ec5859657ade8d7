import type { SocialProvider } from '@contract/auth'
import type { Language } from '@contract/languages'
import type { ModerationTargetType } from '@contract/moderation'

// Every domain event a service records, with its payload. Payloads carry ids, the actor and the
// facts the write knew (never the post's text): subscribers re-read what they show, so a post
// removed in the meantime raises nothing, and no prayer text sits in the event table or a log.

/** Who did it, as the write saw them (a later rename does not rewrite a notification). */
export interface Actor {
  userId: string
  displayName: string
}

/**
 * Issue 42: the language of the request that asked for a mail (its Accept-Language), for an
 * account that chose none: a visitor who just signed up is mailed in their browser's language.
 */
interface AskedIn {
  language?: Language | null
}

/** A post whose text signals a member in crisis (its answer carried the support block). */
interface MaySignalCrisis {
  crisis: boolean
}

/**
 * A new post that the publish rule held for review (issue 38): only its author and moderators
 * may know of it, so it raises nothing but moderation's own signals until PostPublished.
 */
interface MayBeHeld {
  held: boolean
}

export interface DomainEventPayloads {
  IntentionCreated: { intentionId: string; actor: Actor } & MaySignalCrisis & MayBeHeld
  IntentionEdited: { intentionId: string; actor: Actor } & MaySignalCrisis
  /** A new prayer row: one per member, intention and UTC day. */
  PrayerRecorded: { intentionId: string; actor: Actor; day: string }
  /** Amen or candle set (`active`) or taken back. */
  ReactionChanged: { intentionId: string; actor: Actor; kind: 'amen' | 'candle'; active: boolean }
  CommentPosted: { commentId: string; intentionId: string; actor: Actor } & MaySignalCrisis &
    MayBeHeld
  CommentEdited: { commentId: string; intentionId: string; actor: Actor } & MaySignalCrisis
  /** The author's own delete: the comment is gone, its prayer's count moved. */
  CommentDeleted: { commentId: string; intentionId: string; actor: Actor }
  CommentReacted: { commentId: string; intentionId: string; actor: Actor; kind: 'like' | 'amen' }
  IntentionStatusChanged: {
    intentionId: string
    actor: Actor
    status: 'active' | 'answered' | 'released_in_peace'
    changedAt: string
  }
  TestimonyShared: {
    testimonyId: string
    intentionId: string | null
    actor: Actor
  } & MaySignalCrisis &
    MayBeHeld
  /** `amenCount`: the count this Amen made (the encouragement milestones read it). */
  TestimonyReacted: { testimonyId: string; actor: Actor; amenCount: number }
  /** Issue 20: the author posted an update on their request. */
  PrayerUpdatePosted: { updateId: string; intentionId: string; actor: Actor }
  ContentReported: { target: { type: ModerationTargetType; id: string }; actor: Actor }
  /**
   * A moderator took a post off the wall: from the queue (`reason` given, the author is told)
   * or with the wall's own Delete (`via: 'wall'`, the queue's reports close).
   */
  ContentRemoved: {
    target: { type: ModerationTargetType; id: string }
    intentionId: string | null
    authorId: string
    actor: Actor
    via: 'queue' | 'wall'
    reason: string | null
  }
  /** `wasRemoved`: a removal was undone (the author was told of it), not only a hold lifted. */
  ContentRestored: {
    target: { type: ModerationTargetType; id: string }
    intentionId: string | null
    authorId: string
    actor: Actor
    wasRemoved: boolean
  }
  /**
   * Issue 38: a moderator (`approvedBy`) approved a post the publish rule held; it is published
   * with its original time, and subscribers do what its creation event would have done.
   * `actor`: its author, as its creation event named them.
   */
  PostPublished: {
    target: { type: 'intention' | 'comment' | 'testimony'; id: string }
    intentionId: string | null
    actor: Actor
    approvedBy: Actor
  }
  /**
   * Issue 38: the community's auto_close_days closed a request left open that long (`changedAt`:
   * the close). No actor: nobody did it. The author alone is told.
   */
  IntentionAutoClosed: { intentionId: string; authorId: string; days: number; changedAt: string }
  MemberSuspended: { userId: string; actor: Actor }
  /** Issue 38: a moderator let a member waiting for approval in; they are told. */
  MembershipApproved: { userId: string; actor: Actor }
  /** Issue 38: a moderator refused one; the account is gone, so the address it had is kept. */
  MembershipRejected: { email: string; actor: Actor; language?: Language | null }
  /** Issue 21: a leader or moderator ended the live session (`sessionAt`: its start). */
  RoomClosed: { roomId: string; sessionAt: string; actor: Actor }
  /** Issue 21: a leader or moderator sent someone out of the live session for its rest. */
  RoomMemberRemoved: { roomId: string; userId: string; sessionAt: string; actor: Actor }
  /**
   * Someone asked for a reset link or a new verification link for `email` (normalised), whether
   * or not an account has it: the route's work is the same either way, and the auth capability's
   * subscriber finds the account and mails it after the answer (issue 37). A sign-up and an
   * unverified address corrected in the profile record VerificationMailRequested with their write.
   */
  PasswordResetRequested: { email: string } & AskedIn
  VerificationMailRequested: { email: string } & AskedIn
  /** A sign-up with an address an account has: its owner is told, the asker is answered as new. */
  SignUpForKnownAddress: { email: string } & AskedIn
  /** A member set a new password with a reset link; the account's address is told (issue 39). */
  PasswordReset: { userId: string }
  /** Issue 37: a member asked to move their verified address; both links wait to be mailed. */
  EmailChangeRequested: { userId: string }
  /** A sign-out or a password reset: the member's ended sessions must leave the hub. */
  SessionEnded: { userId: string }
  /** Issue 39: a signed-in member changed (or set) their password; the account's address is told. */
  PasswordChanged: { userId: string }
  /**
   * Issue 39: the member linked a Google or Facebook sign-in to their account from the account
   * screen, or unlinked one: kept in the event table with the change, as its record. The
   * provider's account (its user id, its address) is not named.
   */
  SocialIdentityLinked: { userId: string; provider: SocialProvider }
  SocialIdentityUnlinked: { userId: string; provider: SocialProvider }
  /**
   * Issue 39: a sign-in from a browser the member had not used (`knownDeviceId`), named as the
   * devices list names it; the member is mailed once.
   */
  NewDeviceSignedIn: { userId: string; knownDeviceId: string; device: string }
  /**
   * Issue 40: an account was deleted (ADR 0035). `intentionIds`: the requests members could see
   * until now, which open walls drop; `roomIds`: the rooms it created, closed if live. No name.
   */
  AccountClosed: { userId: string; intentionIds: string[]; roomIds: string[] }
  /** Issue 40: a member asked for their data; the member-data subscriber builds the archive. */
  DataExportRequested: { exportId: string; userId: string }
  /** A scheduled job's period came due (server/events/scheduled-jobs.ts). */
  JobDue: { job: string; period: string }
  /**
   * Notifications were stored or changed (a bundle re-counted), recorded by the notifier in the
   * same transaction: Web Push sends them to the members' devices. Ids only, never a name.
   */
  NotificationsRaised: { notificationIds: string[] }
  /** A push to one device failed (the push service erred or timed out): tried again alone. */
  PushRetryDue: { notificationId: string; deviceId: string }
  /**
   * Issue 46: one member's digest of one period is due (`from`..`to`, ISO instants on their
   * clock), recorded by the digest jobs keyed by member and period: the mail goes once.
   */
  DigestDue: { userId: string; digest: 'daily' | 'weekly'; from: string; to: string }
  /** Issue 46: a notification the member asked to hear by mail too (server/digests/). */
  NotificationMailDue: {
    notificationId: string
    kind: 'activity' | 'prayer_reminder' | 'room_reminder'
  }
}

export type DomainEventType = keyof DomainEventPayloads

export type DomainEventInput = {
  [T in DomainEventType]: { type: T; payload: DomainEventPayloads[T] }
}[DomainEventType]

/** An event as a subscriber receives it. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: string; type: K; payload: DomainEventPayloads[K]; occurredAt: Date }
}[T]
