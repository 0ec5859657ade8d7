import type { Mail } from './mailer'

// Warm and short (issue 3): one purpose per mail, the link on its own line, and a word for
// the person who did not ask for it. Plain text first; the HTML is the same words.

const SIGN_OFF = 'With you in prayer,\nThe Prayer Community team'

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): Mail {
  const textParts = [...paragraphs]
  if (link) textParts.splice(1, 0, `${link.label}:\n${link.url}`)
  const html = [
    ...paragraphs.slice(0, 1).map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(SIGN_OFF).replace('\n', '<br>')}</p>`,
  ].join('\n')
  return {
    to,
    subject,
    text: `${[...textParts, SIGN_OFF].join('\n\n')}\n`,
    html,
    links: link ? [link.url] : [],
  }
}

export function verificationMail(to: string, publicUrl: string, token: string): Mail {
  const url = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`
  return compose(
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

export function resetPasswordMail(to: string, publicUrl: string, token: string): Mail {
  const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`
  return compose(
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

export function passwordChangedMail(to: string, publicUrl: string): Mail {
  return compose(
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
export function alreadyHaveAccountMail(to: string, publicUrl: string): Mail {
  return compose(
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
export function confirmNewEmailMail(to: string, publicUrl: string, token: string): Mail {
  const url = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`
  return compose(
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
  to: string,
  newAddress: string,
  publicUrl: string,
  token: string,
): Mail {
  const url = `${publicUrl}/auth/undo-email-change?token=${encodeURIComponent(token)}`
  return compose(
    to,
    'Your email is being changed',
    [
      `Someone signed in to your Prayer Community account asked to change its email to ${newAddress}.`,
      'This link works once and for 7 days. It keeps this address on your account, signs out every device and lets you choose a new password.',
      'If this was you, there is nothing more to do.',
    ],
    { url, label: "This wasn't me: undo the change" },
  )
}

// Issue 39: a signed-in member changed their password; every other device was signed out.
export function passwordChangedInAccountMail(to: string, publicUrl: string): Mail {
  return compose(
    to,
    'Your password was changed',
    [
      'The password of your Prayer Community account was just changed from your account settings, and every other device was signed out.',
      "If this was you, there is nothing more to do. If it wasn't, reset your password now to keep your account safe.",
    ],
    { url: `${publicUrl}/forgot-password`, label: 'Reset my password' },
  )
}

const SIGN_IN_TIME = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
})

// Issue 39: the first sign-in from a browser the member had not used. Only the device's name
// and the time: no address, no place, nothing of what the member posted or how (anonymously).
export function newDeviceMail(to: string, device: string, at: Date, publicUrl: string): Mail {
  return compose(
    to,
    'A new sign-in to your account',
    [
      `Your Prayer Community account was signed in to from ${device} on ${SIGN_IN_TIME.format(at)} UTC.`,
      "If this was you, there is nothing more to do. If it wasn't, sign that device out from your account settings and change your password.",
    ],
    { url: `${publicUrl}/settings/account`, label: 'See your devices' },
  )
}

// Issue 39: a member asked to move their account to this address, which another account has.
// The asker is answered as for any address, so the owner is told here, and given no link.
export function addressTakenMail(to: string, publicUrl: string): Mail {
  return compose(
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
export function membershipApprovedMail(to: string, publicUrl: string): Mail {
  return compose(
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
export function membershipRejectedMail(to: string): Mail {
  return compose(to, 'About your Prayer Community account', [
    'A moderator has looked at your request to join Prayer Community and could not approve it this time. Your account and the details you gave have been deleted.',
    'If you think this is a mistake, please reach out to the community that invited you.',
  ])
}

// Issue 40: the archive a member asked for. The link needs their session: a forwarded mail
// opens nothing for anyone else.
export function dataExportReadyMail(to: string, publicUrl: string): Mail {
  return compose(
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
