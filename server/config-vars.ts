import { z } from 'zod'

// One zod schema per kind of environment variable. Each fails with a single message phrased to
// follow the variable's name: "PORT must be an integer between 1 and 65535".

export function integer(min: number, max: number) {
  const message = `must be an integer between ${min} and ${max}`
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message)
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` })
}

function hasProtocol(value: string, protocols: readonly string[]) {
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

function urlOf(protocols: readonly string[]) {
  const names = protocols.map((p) => `${p}//`).join(' or ')
  return z
    .string()
    .refine((value) => hasProtocol(value, protocols), `must be a ${names} URL`)
    .transform((value) => value.replace(/\/+$/, ''))
}

export const optionalUrl = (protocols: readonly string[]) => urlOf(protocols).optional()
export const url = () => urlOf(['http:', 'https:'])

export function commaEmails() {
  const email = z.email()
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((item) => email.safeParse(item).success), 'must be a comma-separated list of email addresses')
    .default([])
}

export function vapidSubject() {
  return z
    .string()
    .refine(
      (value) => /^mailto:.+@.+/.test(value) || hasProtocol(value, ['https:']),
      'must be a mailto: address or an https:// URL',
    )
}
