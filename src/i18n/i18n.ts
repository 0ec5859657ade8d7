import { RTL_LANGUAGES, SOURCE_LANGUAGE, type Language } from '@contract/languages'
import type sourceCatalogue from './catalogues/en.json'
import englishCatalogue from './compiled/en.json'
import { deviceLanguage } from './device-language'
import { formatMessage, type CompiledMessage } from './format-message'

/**
 * A message of the source catalogue (src/i18n/catalogues/en.json), by its English text (or the
 * id it was given where one text has two meanings): a typo is a type error.
 */
export type MessageId = keyof typeof sourceCatalogue
export type MessageValues = Record<string, unknown>
type Catalogue = Partial<Record<MessageId, CompiledMessage>>

// Issue 42 (ADR 0037): English is its ids, so what ships with the first screen is only the few
// English messages whose text differs from their id (a plural, a second meaning); every other
// catalogue is a chunk of its own, fetched when that language is chosen and precached by the
// service worker for offline.
// The compiled JSON's literal types are narrower than a catalogue's, hence `unknown` and a cast.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: unknown }>> = {
  es: () => import('./compiled/es.json'),
  'pt-BR': () => import('./compiled/pt-BR.json'),
  fr: () => import('./compiled/fr.json'),
  ar: () => import('./compiled/ar.json'),
}

const english = englishCatalogue as unknown as Catalogue
const catalogues = new Map<Language, Catalogue>([[SOURCE_LANGUAGE, english]])
let current: Language = SOURCE_LANGUAGE
let latestRequest: Language = SOURCE_LANGUAGE
const listeners = new Set<() => void>()

export const currentLanguage = (): Language => current

export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The message in `language`, or in English where that catalogue is not loaded or lacks it (a
 * message added since the translation): a reader never sees an id.
 */
export function translate(language: Language, id: MessageId, values?: MessageValues): string {
  const translated = catalogues.get(language)?.[id]
  // English as its id: text only (the compile step keeps anything else in the catalogue).
  const message = translated ?? english[id] ?? id
  return formatMessage(message, translated === undefined ? SOURCE_LANGUAGE : language, values)
}

/** The message in the current language, for code outside React (a component uses useT). */
export const t = (id: MessageId, values?: MessageValues) => translate(current, id, values)

async function load(language: Language): Promise<void> {
  if (language === SOURCE_LANGUAGE || catalogues.has(language)) return
  const { default: catalogue } = await loaders[language]()
  catalogues.set(language, catalogue as Catalogue)
}

/**
 * Switches the app to `language` without a reload: its catalogue is fetched (once), then every
 * mounted useT re-renders and `<html lang dir>` follows. The last call wins when several race.
 */
export async function activateLanguage(language: Language): Promise<void> {
  latestRequest = language
  await load(language)
  if (latestRequest !== language || current === language) return
  current = language
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language
    document.documentElement.dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr'
  }
  for (const listener of listeners) listener()
}

/**
 * At boot: the device's language (its pick, else the browser's). A catalogue that cannot be had
 * (offline before the service worker has it) leaves English.
 */
export const startLanguage = () => activateLanguage(deviceLanguage()).catch(() => undefined)
