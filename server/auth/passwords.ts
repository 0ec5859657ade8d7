import { hash, verify } from '@node-rs/argon2'

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (DESIGN §5). Argon2id is the library's
// default algorithm (its enum is a const enum, which isolated modules cannot import).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

// Verified against when there is no account (or no password), so a wrong email costs the same
// time as a wrong password and timing does not tell which accounts exist.
let dummyHash: Promise<string> | null = null

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('no account has this password')
    await verify(await dummyHash, password)
    return false
  }
  try {
    return await verify(passwordHash, password)
  } catch {
    // A malformed stored hash is a failed sign-in, not a 500.
    return false
  }
}
