import { formatMessage, type CompiledMessage } from '@contract/format-message'
import { RTL_LANGUAGES, SOURCE_LANGUAGE, type Language } from '@contract/languages'
import ar from './compiled/ar.json'
import en from './compiled/en.json'
import es from './compiled/es.json'
import fr from './compiled/fr.json'
import ptBR from './compiled/pt-BR.json'
import type { ServerMessageId } from './message-id'

export type { ServerMessageId }
export type MessageValues = Record<string, unknown>
type Catalogue = Partial<Record<string, CompiledMessage>>

// Issue 42 (ADR 0037, ADR 0038): what the server sends in a member's language (mail, Web Push,
// problem details, the manifest), compiled by `npm run i18n:compile` from catalogues/ and from the app's
// `contract` area (the texts contract/*.ts words). Every language is small, so all are loaded.
// The compiled JSON's literal types are narrower than a catalogue's, hence the cast.
const catalogues = { en, es, 'pt-BR': ptBR, fr, ar } as unknown as Record<Language, Catalogue>

/**
 * The message in `language`, or in English where that catalogue lacks it (a message added since
 * the translation): a reader never sees an id. In a right-to-left language each text value is
 * isolated (U+2068 … U+2069), so an English name does not reorder the sentence around it.
 */
export function translate(language: Language, id: ServerMessageId, values?: MessageValues): string {
  const own = catalogues[language][id]
  // English as its id: text only (the compile step keeps anything else in the catalogue).
  const message = own ?? catalogues.en[id] ?? id
  const locale = own === undefined ? SOURCE_LANGUAGE : language
  return formatMessage(message, locale, values && isolated(language, values))
}

function isolated(language: Language, values: MessageValues): MessageValues {
  if (!RTL_LANGUAGES.includes(language)) return values
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? `\u2068${value}\u2069` : value,
    ]),
  )
}

/**
 * A text that came from elsewhere (a contract schema's validation message, a problem's detail)
 * in `language` where a catalogue holds it as an id, else as it came.
 */
export function translateText(language: Language, text: string, values?: MessageValues): string {
  const known = catalogues[language][text] !== undefined || catalogues.en[text] !== undefined
  return known ? translate(language, text as ServerMessageId, values) : text
}
