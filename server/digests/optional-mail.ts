import type { EmailKind } from '@contract/email-preferences'
import type { Language } from '@contract/languages'
import { translate, type ServerMessageId } from '../i18n/translate'
import { escapeHtml, mailDocument } from '../mail/mail-layout'
import type { Mail } from '../mail/mailer'

// Issue 46: a mail the member chose to get (a digest, an activity or reminder mail): text and
// HTML with the same words, and a footer that says why it came, stops that kind in one click
// and leads to the email preferences. Headers per RFC 8058, so a mail reader's own unsubscribe
// button works without opening anything.

export interface MailItem {
  text: string
  /** A second line (a notification's body), if any. */
  detail?: string
  url: string
}

export interface MailSection {
  heading: ServerMessageId | null
  items: MailItem[]
}

/** The name of each kind, as the unsubscribe page says it. */
export const KIND_NAMES: Record<EmailKind, ServerMessageId> = {
  activity: 'Activity on your prayer requests',
  weekly_digest: 'The weekly digest',
  reminders: 'Prayer list reminders by mail',
  rooms: 'Prayer room reminders by mail',
}

export function optionalMail(input: {
  language: Language
  to: string
  subject: string
  intro: string | null
  sections: MailSection[]
  action: { label: string; url: string }
  /** The signed one-click URL (unsubscribe-token.ts) and the settings screen's. */
  unsubscribeUrl: string
  settingsUrl: string
}): Mail {
  const { language, subject, intro, sections, action, unsubscribeUrl, settingsUrl } = input
  const t = (id: ServerMessageId) => translate(language, id)
  const signOff = t('With you in prayer,\nThe Prayer Community team')
  const why = t('You get this mail because your email preferences ask for it.')
  const stop = t('Stop these mails')
  const preferences = t('Email preferences')
  const line = (label: string, url: string) =>
    `${translate(language, '{label}:', { label })}\n${url}`

  const text = [
    ...(intro ? [intro] : []),
    ...sections.map((section) =>
      [
        ...(section.heading ? [`## ${t(section.heading)}`] : []),
        ...section.items.map((item) =>
          [`- ${item.text}`, ...(item.detail ? [`  ${item.detail}`] : []), `  ${item.url}`].join(
            '\n',
          ),
        ),
      ].join('\n'),
    ),
    line(action.label, action.url),
    signOff,
    ['--', why, line(stop, unsubscribeUrl), line(preferences, settingsUrl)].join('\n'),
  ].join('\n\n')

  const link = (label: string, url: string) =>
    `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`
  const body = [
    `<h1>${escapeHtml(subject)}</h1>`,
    ...(intro ? [`<p>${escapeHtml(intro)}</p>`] : []),
    ...sections.map((section) =>
      [
        ...(section.heading ? [`<h2>${escapeHtml(t(section.heading))}</h2>`] : []),
        '<ul>',
        ...section.items.map(
          (item) =>
            `<li>${link(item.text, item.url)}${item.detail ? `<br><span class="muted">${escapeHtml(item.detail)}</span>` : ''}</li>`,
        ),
        '</ul>',
      ].join('\n'),
    ),
    `<p><a class="button" href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    `<p>${escapeHtml(signOff).replace('\n', '<br>')}</p>`,
  ].join('\n')
  const footer = [
    `<p>${escapeHtml(why)}</p>`,
    `<p>${link(stop, unsubscribeUrl)} · ${link(preferences, settingsUrl)}</p>`,
  ].join('\n')

  const items = sections.flatMap((section) => section.items)
  return {
    to: input.to,
    subject,
    text: `${text}\n`,
    html: mailDocument({
      language,
      title: subject,
      preheader: intro ?? items[0]?.text ?? subject,
      body,
      footer,
    }),
    links: [...items.map((item) => item.url), action.url, unsubscribeUrl, settingsUrl],
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    bulk: true,
  }
}
