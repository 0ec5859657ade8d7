import type { SocialProvider } from '@contract/auth'
import { RTL_LANGUAGES, type Language } from '@contract/languages'
import { translate, type ServerMessageId } from '../i18n/translate'
import type { Mail } from './mailer'

// Warm and short (issue 3): one purpose per mail, the link on its own line, and a word for
// the person who did not ask for it. Plain text first; the HTML is the same words.
// Issue 42: in the reader's language (server/i18n/catalogues/mail, keyed by the English here).

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A message of the mail: its id, or its id and values. */
type Words = ServerMessageId | [ServerMessageId, Record<string, string>]

function compose(
  language: Language,
  to: string,
  subjectId: ServerMessageId,
  paragraphIds: Words[],
  link?: { url: string; label: ServerMessageId },
): Mail {
  const words = (message: Words) =>
    typeof message === 'string' ? translate(language, message) : translate(language, ...message)
  const paragraphs = paragraphIds.map(words)
  const signOff = translate(language, 'With you in prayer,\nThe Prayer Community team')
  const label = link && translate(language, link.label)
  const textParts = [...paragraphs]
  if (link) textParts.splice(1, 0, `${translate(language, '{label}:', { label })}\n${link.url}`)
  const body = [
    ...paragraphs.slice(0, 1).map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(label!)}</a></p>`] : []),
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(signOff).replace('\n', '<br>')}</p>`,
  ].join('\n')
  // A right-to-left mail says so, or a mail reader lays Arabic out from the left.
  const html = RTL_LANGUAGES.includes(language)
    ? `<div dir="rtl" lang="${language}">\n${body}\n</div>`
    : body
  return {
    to,
    subject: words(subjectId),
    text: `${[...textParts, signOff].join('\n\n')}\n`,
    html,
    links: link ? [link.url] : [],
  }
}

export function verificationMail(
  language: Language,
  to: string,
  publicUrl: string,
  token: string,
): Mail {
  const url = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`
  return compose(
    language,
    to,
    'Please confirm your email',
    [
      'Welcome! We are glad you are here. Please confirm your email address so you can share prayer requests and pray with the community.',
      'This link works once and for 24 hours.',
      "If you didn't create an account, you can ignore this email.",
    ],
    { url, label: 'Confirm my email' },
  )
}

export function resetPasswordMail(
  language: Language,
  to: string,
  publicUrl: string,
  token: string,
): Mail {
  const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`
  return compose(
    language,
    to,
    'Reset your password',
    [
      'Someone (we hope you) asked to reset the password of your Prayer Community account.',
      'This link works once and for 1 hour.',
      "If you didn't ask, you can ignore this email: your password stays as it is.",
    ],
    { url, label: 'Choose a new password' },
  )
}

export function passwordChangedMail(language: Language, to: string, publicUrl: string): Mail {
  return compose(
    language,
    to,
    'Your password was changed',
    [
      'The password of your Prayer Community account was just changed, and every device was signed out.',
      "If this was you, there is nothing more to do. If it wasn't, reset your password now to keep your account safe.",
    ],
    { url: `${publicUrl}/forgot-password`, label: 'Reset my password' },
  )
}

// Sign-up answers the same whether or not the address has an account (no enumeration), so the
// owner of an existing account learns it here instead.
export function alreadyHaveAccountMail(language: Language, to: string, publicUrl: string): Mail {
  return compose(
    language,
    to,
    'You already have an account',
    [
      'Someone (we hope you) tried to create a Prayer Community account with this email, but you already have one.',
      'If you forgot your password, you can reset it from the sign-in page.',
      "If this wasn't you, you can ignore this email.",
    ],
    { url: `${publicUrl}/login`, label: 'Sign in' },
  )
}

// Issue 37: a signed-in member asked to move their account to this address. Until this link is
// followed the old address keeps signing in and receiving resets.
export function confirmNewEmailMail(
  language: Language,
  to: string,
  publicUrl: string,
  token: string,
): Mail {
  const url = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`
  return compose(
    language,
    to,
    'Please confirm your new email',
    [
      'You asked to use this address for your Prayer Community account. Please confirm it, and it will take the place of your old one.',
      'This link works once and for 24 hours. Until you follow it, your old address stays the one you sign in with.',
      "If you didn't ask for this, you can ignore this email: nothing changes.",
    ],
    { url, label: 'Confirm my new email' },
  )
}

// Issue 37: told to the address being replaced, with 7 days to take the account back.
export function emailChangeNoticeMail(
  language: Language,
  to: string,
  newAddress: string,
  publicUrl: string,
  token: string,
): Mail {
  const url = `${publicUrl}/auth/undo-email-change?token=${encodeURIComponent(token)}`
  return compose(
    language,
    to,
    'Your email is being changed',
    [
      [
        'Someone signed in to your Prayer Community account asked to change its email to {newAddress}.',
        { newAddress },
      ],
      'This link works once and for 7 days. It keeps this address on your account, signs out every device and lets you choose a new password.',
      'If this was you, there is nothing more to do.',
    ],
    { url, label: "This wasn't me: undo the change" },
  )
}

// Issue 39: a signed-in member changed their password; every other device was signed out.
export function passwordChangedInAccountMail(
  language: Language,
  to: string,
  publicUrl: string,
): Mail {
  return compose(
    language,
    to,
    'Your password was changed',
    [
      'The password of your Prayer Community account was just changed from your account settings, and every other device was signed out.',
      "If this was you, there is nothing more to do. If it wasn't, reset your password now to keep your account safe.",
    ],
    { url: `${publicUrl}/forgot-password`, label: 'Reset my password' },
  )
}

// English mail has always written the day first (en-GB); the others write their language's way.
const signInTime = (language: Language) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })

// Issue 39: the first sign-in from a browser the member had not used. Only the device's name
// and the time: no address, no place, nothing of what the member posted or how (anonymously).
export function newDeviceMail(
  language: Language,
  to: string,
  device: string,
  at: Date,
  publicUrl: string,
): Mail {
  return compose(
    language,
    to,
    'A new sign-in to your account',
    [
      [
        'Your Prayer Community account was signed in to from {device} on {time} UTC.',
        { device, time: signInTime(language).format(at) },
      ],
      "If this was you, there is nothing more to do. If it wasn't, sign that device out from your account settings and change your password.",
    ],
    { url: `${publicUrl}/settings/account`, label: 'See your devices' },
  )
}

// A Google or Facebook sign-in linked to the account, or unlinked: another way in, or one gone,
// is told to the account's address like a password change. The provider's name only.
const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' }

export function signInLinkedMail(
  language: Language,
  to: string,
  provider: SocialProvider,
  publicUrl: string,
): Mail {
  return compose(
    language,
    to,
    'A sign-in was added to your account',
    [
      [
        '{provider} can now sign you in to your Prayer Community account: it was linked from your account settings.',
        { provider: PROVIDER_NAMES[provider] },
      ],
      "If this was you, there is nothing more to do. If it wasn't, unlink it and sign out the devices you do not know from your account settings.",
    ],
    { url: `${publicUrl}/settings/account`, label: 'See your sign-ins' },
  )
}

export function signInUnlinkedMail(
  language: Language,
  to: string,
  provider: SocialProvider,
  publicUrl: string,
): Mail {
  return compose(
    language,
    to,
    'A sign-in was removed from your account',
    [
      [
        '{provider} can no longer sign you in to your Prayer Community account: it was unlinked from your account settings.',
        { provider: PROVIDER_NAMES[provider] },
      ],
      "If this was you, there is nothing more to do. If it wasn't, sign out the devices you do not know from your account settings and change your password.",
    ],
    { url: `${publicUrl}/settings/account`, label: 'See your sign-ins' },
  )
}

// Issue 39: a member asked to move their account to this address, which another account has.
// The asker is answered as for any address, so the owner is told here, and given no link.
export function addressTakenMail(language: Language, to: string, publicUrl: string): Mail {
  return compose(
    language,
    to,
    'This email already has an account',
    [
      'Someone (perhaps you) asked to use this address for a Prayer Community account, but it already belongs to one. Nothing was changed.',
      'If you meant to use it for another account, sign in to the account that has it and change its email first.',
      "If this wasn't you, you can ignore this email.",
    ],
    { url: `${publicUrl}/login`, label: 'Sign in' },
  )
}

// Issue 38, join = "approval": the member waited on the "waiting for approval" page.
export function membershipApprovedMail(language: Language, to: string, publicUrl: string): Mail {
  return compose(
    language,
    to,
    'Welcome: your account was approved',
    [
      'A moderator has approved your Prayer Community account. You can now read the prayer wall, pray with others and share your own requests.',
      'We are glad you are here.',
    ],
    { url: `${publicUrl}/prayerwall`, label: 'Open the prayer wall' },
  )
}

// The account is deleted with the refusal: nothing of theirs is kept, and the address is free.
export function membershipRejectedMail(language: Language, to: string): Mail {
  return compose(language, to, 'About your Prayer Community account', [
    'A moderator has looked at your request to join Prayer Community and could not approve it this time. Your account and the details you gave have been deleted.',
    'If you think this is a mistake, please reach out to the community that invited you.',
  ])
}

// Issue 40: the archive a member asked for. The link needs their session: a forwarded mail
// opens nothing for anyone else.
export function dataExportReadyMail(language: Language, to: string, publicUrl: string): Mail {
  return compose(
    language,
    to,
    'Your data is ready to download',
    [
      'The archive of your Prayer Community data that you asked for is ready. Download it from your account screen while signed in.',
      'It can be downloaded for 7 days. It holds your requests (anonymous ones too), so keep it somewhere private.',
      "If you didn't ask for it, change your password: someone may be signed in to your account.",
    ],
    { url: `${publicUrl}/settings/account`, label: 'Open my account' },
  )
}
