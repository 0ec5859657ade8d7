import { z } from 'zod'
import type { App } from '../../server/app'
import { DevMailSchema, type DevMail } from '../../server/mail/dev-mailbox'

/** The dev mailbox as a user's inbox: newest mail to `to` first (GET /__dev/mail). */
export async function mailsTo(app: App, to: string): Promise<DevMail[]> {
  const response = await app.inject({ method: 'GET', url: '/__dev/mail' })
  return z
    .array(DevMailSchema)
    .parse(response.json())
    .filter((mail) => mail.to === to.toLowerCase())
}

/** The path and query of the newest mailed link to `to`, ready for `app.inject`. */
export async function lastLinkTo(app: App, to: string): Promise<URL> {
  const [mail] = await mailsTo(app, to)
  const link = mail?.links[0]
  if (!link) throw new Error(`No mail with a link to ${to}`)
  return new URL(link)
}
