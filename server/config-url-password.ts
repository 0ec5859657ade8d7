// DATABASE_URL, REDIS_URL and SMTP_URL carry their service's password. An operator must see
// which URL is wrong, and a log line must say which connection failed, without either showing
// the password (issue 37).

const HIDDEN = '***'

// A whole value: the password runs from the first ':' after the user name to the value's last
// '@', so one with an unencoded '@', '/' or space (which makes the URL invalid, and so printed
// in a config error) is hidden whole.
const VALUE_PASSWORD = /^([a-z][a-z\d+.-]*:\/\/[^:/?#@]*):.*@/is
// Inside a longer text (an error's message or stack), a URL ends at whitespace.
const TEXT_PASSWORD = /([a-z][a-z\d+.-]*:\/\/[^\s:/?#@]*):\S*@/gi
// libpq and pg also read the password from the query string.
const PASSWORD_PARAM = /([?&]password=)[^&#\s]*/gi

/** A configured URL as it may be printed: `postgres://app:***@db/prayer`. */
export function withoutPassword(value: string): string {
  return value.replace(VALUE_PASSWORD, `$1:${HIDDEN}@`).replace(PASSWORD_PARAM, `$1${HIDDEN}`)
}

/** Any text with every URL's password hidden. */
export function withoutPasswords(text: string): string {
  return text.replace(TEXT_PASSWORD, `$1:${HIDDEN}@`).replace(PASSWORD_PARAM, `$1${HIDDEN}`)
}
