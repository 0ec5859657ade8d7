import { sql } from 'drizzle-orm'
import {
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import type { OnboardingProfile } from '@contract/users'
import { DISPLAY_NAME_MAX_LENGTH } from './display-name'

// room_leader (issue 21): may create public prayer rooms without moderating.
export const USER_ROLES = ['member', 'moderator', 'admin', 'room_leader'] as const
export type UserRole = (typeof USER_ROLES)[number]

// Spec 000 §3. The real names, phone, country and birth fields are private: only the member
// and nobody else ever reads them; everyone else sees the display name.
export const usersTable = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    // Stored normalised (contract normaliseEmail); the index on lower() guards any other writer.
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Null for an account that only ever signed in with Google or Facebook.
    passwordHash: text('password_hash'),
    // Assigned at creation (server/users/display-name.ts), never derived from the real name.
    displayName: varchar('display_name', { length: DISPLAY_NAME_MAX_LENGTH }).notNull().unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    countryIso2: varchar('country_iso2', { length: 2 }),
    gender: text('gender'),
    birthMonth: smallint('birth_month'),
    birthDay: smallint('birth_day'),
    roles: text('roles')
      .array()
      .$type<UserRole[]>()
      .notNull()
      .default(sql`'{member}'::text[]`),
    // What a social provider told us, to prefill onboarding (spec 000 §3 "onboarding profile").
    onboardingPrefill: jsonb('onboarding_prefill').$type<OnboardingProfile>(),
    // DESIGN §4: onboarding is complete once the profile form was saved.
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    // Issue 38, join = "approval": set when the account was created waiting for a moderator's
    // approval; null once approved (and for every account of an open or invite-only community).
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    // Issue 40 (ADR 0035): the member deleted their account (or an admin did). The row stays as
    // a tombstone so that the prayers and reactions they gave keep counting; nobody signs in to it.
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // 30 days after closedAt the address and display name are freed (replaced by placeholders).
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    // Issue 42: the member's language (contract/languages.ts) for the app, their mail and pushes;
    // null follows the browser's languages.
    language: varchar('language', { length: 8 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
)

export type UserRow = typeof usersTable.$inferSelect
