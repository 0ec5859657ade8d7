import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { withoutKind } from '@contract/email-preferences'
import { ErrorCode } from '@contract/errors'
import type { Language } from '@contract/languages'
import { httpError } from '../errors/problem-error'
import { acceptLanguageOf, chooseLanguage, communityLanguage } from '../i18n/language'
import { translate } from '../i18n/translate'
import { escapeHtml } from '../mail/mail-layout'
import { mailSettingsOf } from '../notifications/mail-reads'
import { saveEmailPreferences } from '../notifications/notification-settings.service'
import { findUserById } from '../users/users.repository'
import { UNSUBSCRIBE_PATH, type MailContext } from './mail-context'
import { KIND_NAMES } from './optional-mail'
import { readUnsubscribeToken } from './unsubscribe-token'

const QuerySchema = z.object({ token: z.string().max(512) })

/**
 * Issue 46: every optional mail's unsubscribe link (its footer and its List-Unsubscribe header).
 * POST turns that kind of mail off without signing in: a mail reader's one-click button
 * (RFC 8058, body `List-Unsubscribe=One-Click`) or the page's button. GET only shows that page
 * with its button, since link scanners open every link in a mail. A token this server did not
 * sign, or one altered, changes nothing: the page says so, a POST gets a 400 problem.
 */
export function unsubscribeRoutes(app: FastifyInstance, context: MailContext) {
  const { db, now } = context

  const languageOf = async (request: FastifyRequest, userId: string | null): Promise<Language> => {
    const user = userId ? await findUserById(db, userId) : null
    return chooseLanguage(user?.language, acceptLanguageOf(request), await communityLanguage(app))
  }

  const page = (reply: FastifyReply, language: Language, status: number, body: string) => {
    const t = (id: Parameters<typeof translate>[1]) => escapeHtml(translate(language, id))
    const dir = ['ar'].includes(language) ? 'rtl' : 'ltr'
    return (
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // The app's no-referrer makes a browser send `Origin: null` with the page's own form,
        // which the cross-site guard refuses; same-origin lets the page's button name its origin.
        .header('referrer-policy', 'same-origin')
        .send(
          `<!doctype html>\n<html lang="${language}" dir="${dir}">\n<head>\n<meta charset="utf-8">\n` +
            `<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
            `<meta name="color-scheme" content="light dark">\n<meta name="robots" content="noindex">\n` +
            `<title>${t('Unsubscribe')}</title>\n</head>\n<body>\n<main>\n<h1>${t('Unsubscribe')}</h1>\n` +
            `${body}\n<p><a href="${escapeHtml(context.settingsUrl)}">${t('Email preferences')}</a></p>\n` +
            `</main>\n</body>\n</html>\n`,
        )
    )
  }

  // A mail reader's one-click POST is form-encoded (RFC 8058); its body says nothing the URL
  // does not, so it is read as nothing.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    )
    const routes = scope.withTypeProvider<ZodTypeProvider>()
    const schema = { tags: ['notifications'], querystring: QuerySchema }
    // The GET is a page for a person who followed the link, answered in HTML (a refused link
    // too), not a call of the API: it stays out of the API's document.
    const pageSchema = { ...schema, hide: true }

    routes.get(
      UNSUBSCRIBE_PATH,
      { config: { public: true }, schema: pageSchema },
      async (request, reply) => {
        const key = await context.linkKey()
        const named = readUnsubscribeToken(key, request.query.token)
        const language = await languageOf(request, named?.userId ?? null)
        if (!named)
          return page(
            reply,
            language,
            400,
            `<p>${escapeHtml(translate(language, 'This link is not valid. You can choose what you get by mail in your email preferences.'))}</p>`,
          )
        const kind = translate(language, KIND_NAMES[named.kind])
        const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`
        return page(
          reply,
          language,
          200,
          `<p>${escapeHtml(translate(language, 'Stop sending me “{kind}”?', { kind }))}</p>\n` +
            `<form method="post" action="${escapeHtml(action)}">\n` +
            `<input type="hidden" name="List-Unsubscribe" value="One-Click">\n` +
            `<button type="submit">${escapeHtml(translate(language, 'Stop these mails'))}</button>\n</form>\n` +
            `<p>${escapeHtml(translate(language, 'You can turn it back on at any time in your email preferences.'))}</p>`,
        )
      },
    )

    routes.post(UNSUBSCRIBE_PATH, { config: { public: true }, schema }, async (request, reply) => {
      const named = readUnsubscribeToken(await context.linkKey(), request.query.token)
      if (!named) throw httpError(400, ErrorCode.badRequest, 'This unsubscribe link is not valid.')
      const user = await findUserById(db, named.userId)
      // A closed account gets no mail anyway: the answer is the same.
      if (user && !user.closedAt) {
        const { email } = await mailSettingsOf(db, named.userId)
        await saveEmailPreferences({
          db,
          userId: named.userId,
          email: withoutKind(email, named.kind),
          now: now(),
        })
      }
      const language = await languageOf(request, named.userId)
      const kind = translate(language, KIND_NAMES[named.kind])
      return page(
        reply,
        language,
        200,
        `<p role="status">${escapeHtml(translate(language, 'Done: you will no longer get “{kind}”.', { kind }))}</p>\n` +
          `<p>${escapeHtml(translate(language, 'You can turn it back on at any time in your email preferences.'))}</p>`,
      )
    })
  })
}
