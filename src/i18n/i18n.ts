import { RTL_LANGUAGES, SOURCE_LANGUAGE, type Language } from '@contract/languages'
import { formatMessage, type CompiledMessage } from '@contract/format-message'
import englishCatalogue from './compiled/en/first.json'
import { deviceLanguage, pseudoLocaleOn } from './device-language'
import type { MessageId } from './message-id'

export type { MessageId }
export const PSEUDO_LOCALE = 'en-XA'
export type MessageValues = Record<string, unknown>
type Catalogue = Partial<Record<MessageId, CompiledMessage>>

// Issue 42 (ADR 0037, ADR 0038): English is its ids, so what ships with the first screen is only
// the few English messages whose text differs from their id (a plural, a second meaning). Every
// other language is two chunks of its own, fetched when that language is chosen and precached by
// the service worker for offline: the wall's first screen's areas (the shell, the wall), and the
// rest, which a cold start on the wall fetches once it has settled.
// The compiled JSON's literal types are narrower than a catalogue's, hence `unknown` and a cast.
type Loader = () => Promise<{ default: unknown }>
const loaders: Record<Language, { first: Loader; rest: Loader }> = {
  // English's first part is in the entry (`english` below); its rest is fetched like the others'.
  en: {
    first: () => Promise.resolve({ default: englishCatalogue }),
    rest: () => import('./compiled/en/rest.json'),
  },
  es: {
    first: () => import('./compiled/es/first.json'),
    rest: () => import('./compiled/es/rest.json'),
  },
  'pt-BR': {
    first: () => import('./compiled/pt-BR/first.json'),
    rest: () => import('./compiled/pt-BR/rest.json'),
  },
  fr: {
    first: () => import('./compiled/fr/first.json'),
    rest: () => import('./compiled/fr/rest.json'),
  },
  ar: {
    first: () => import('./compiled/ar/first.json'),
    rest: () => import('./compiled/ar/rest.json'),
  },
}

const english = { ...(englishCatalogue as unknown as Catalogue) }
const catalogues = new Map<Language, Catalogue>([[SOURCE_LANGUAGE, english]])
const loaded = new Set<string>([`${SOURCE_LANGUAGE} first`])
let current: Language = SOURCE_LANGUAGE
let latestRequest: Language | typeof PSEUDO_LOCALE = SOURCE_LANGUAGE
// The pseudo-locale's messages while it shows (English underneath: plurals, dates, numbers).
let pseudo: Catalogue | null = null
// Bumped whenever what a message reads changes: the language, or its later areas arriving.
let revision = 0
const listeners = new Set<() => void>()
// The messages read since the last change that no loaded catalogue held: only these can read
// differently once a later part arrives, so a part that holds none of them re-renders nothing
// (issue 47: the wall's cold start fetches English's rest once settled, and every card used to
// re-render for it at once, outside any transition).
const missed = new Set<string>()

export const currentLanguage = (): Language => current
export const catalogueRevision = (): number => revision

export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function changed() {
  missed.clear()
  revision++
  for (const listener of listeners) listener()
}

/**
 * The message in `language`, or in English where that catalogue is not loaded or lacks it (a
 * message added since the translation): a reader never sees an id.
 */
export function translate(language: Language, id: MessageId, values?: MessageValues): string {
  // The pseudo-locale isolates values too, so its tour tells a member's words from the app's.
  if (pseudo && language === SOURCE_LANGUAGE && pseudo[id])
    return formatMessage(pseudo[id], SOURCE_LANGUAGE, values && isolated(values))
  const translated = catalogues.get(language)?.[id]
  if (translated === undefined) missed.add(id)
  // English as its id: text only (the compile step keeps anything else in the catalogue).
  const message = translated ?? english[id] ?? id
  // A screen met before the other areas arrived (a comment opened on the wall at once): they
  // are fetched now, and what reads them re-renders when they are here. English, whose
  // catalogue lacks every message that is its id, cannot tell; its later screens' code asks.
  if (translated === undefined && language !== SOURCE_LANGUAGE) queueMicrotask(loadRestOfCatalogue)
  const locale = translated === undefined ? SOURCE_LANGUAGE : language
  const isolate = values && RTL_LANGUAGES.includes(language)
  return formatMessage(message, locale, isolate ? isolated(values) : values)
}

// In a right-to-left sentence, a value written left to right (a member's name, a title in
// English) would reorder the words around it: each text value is isolated (U+2068 … U+2069), as
// Fluent does. Left-to-right languages keep their text as is, which their tests match.
function isolated(values: MessageValues): MessageValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? `\u2068${value}\u2069` : value,
    ]),
  )
}

/**
 * A text that came from elsewhere (a contract schema's validation message, a problem's
 * `detail`) in the current language where a catalogue holds it as an id, else as it came.
 */
export function translateText(text: string, values?: MessageValues): string {
  const id = text as MessageId
  const known =
    pseudo?.[id] !== undefined ||
    catalogues.get(current)?.[id] !== undefined ||
    english[id] !== undefined
  if (!known) missed.add(id)
  return known ? translate(current, id, values) : text
}

/** The message in the current language, for code outside React (a component uses useT). */
export const t = (id: MessageId, values?: MessageValues) => translate(current, id, values)

async function load(language: Language, part: 'first' | 'rest'): Promise<void> {
  if (loaded.has(`${language} ${part}`)) return
  // A message a translation lacks reads in English: English's rest comes with any other's.
  const [{ default: messages }] = await Promise.all([
    loaders[language][part](),
    part === 'rest' && language !== SOURCE_LANGUAGE ? load(SOURCE_LANGUAGE, 'rest') : null,
  ])
  catalogues.set(language, { ...catalogues.get(language), ...(messages as Catalogue) })
  // English underlies every language: a message another catalogue lacks reads in English.
  if (language === SOURCE_LANGUAGE) Object.assign(english, messages)
  loaded.add(`${language} ${part}`)
}

/**
 * Switches the app to `language` without a reload: its catalogue is fetched (once), then every
 * mounted useT re-renders and `<html lang dir>` follows. The last call wins when several race.
 * With `restLater` (a cold start on the wall) only the first screen's areas are
 * awaited; loadRestOfCatalogue() fetches the others.
 */
export async function activateLanguage(
  language: Language,
  { restLater = false }: { restLater?: boolean } = {},
): Promise<void> {
  latestRequest = language
  await load(language, 'first')
  if (!restLater) await load(language, 'rest')
  if (latestRequest !== language) return
  if (current !== language || pseudo) {
    current = language
    pseudo = null
    setDocumentLanguage(language, RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr')
    changed()
  }
}

// Each language's other areas, asked for (loadRestOfCatalogue): loaded or on their way.
const restOf = new Map<Language, Promise<void>>()

/**
 * The current language's other areas, after a cold start that awaited only the first screen's:
 * asked for once that screen has settled, at the first navigation, or by a later part's code
 * before it renders (src/router.tsx, the wall's comments). What they translate re-renders when
 * they arrive. Resolves once they are here, or could not be had (offline before the service
 * worker holds them: those screens stay in English until the next ask).
 */
export function loadRestOfCatalogue(): Promise<void> {
  const language = current
  if (pseudo) return Promise.resolve()
  let loading = restOf.get(language)
  if (!loading) {
    loading = load(language, 'rest').then(
      () => void (current === language && !pseudo && readsDifferently() && changed()),
      () => void restOf.delete(language),
    )
    restOf.set(language, loading)
  }
  return loading
}

/** Whether a message read since the last change is now in a loaded catalogue. */
function readsDifferently(): boolean {
  const catalogue = catalogues.get(current)
  for (const id of missed) {
    if (catalogue?.[id as MessageId] !== undefined || english[id as MessageId] !== undefined)
      return true
  }
  return false
}

// Where a cold start needs only the first screen's areas (ADR 0038): the wall.
const FIRST_SCREEN_PATHS = new Set(['/prayerwall'])

function setDocumentLanguage(tag: string, dir: 'ltr' | 'rtl') {
  if (typeof document === 'undefined') return
  document.documentElement.lang = tag
  document.documentElement.dir = dir
}

/**
 * The pseudo-locale instead of any language: every message accented, a third longer and in
 * brackets (scripts/i18n-catalogues.mjs), so a tour of the screens finds text that clips and text
 * that is not in the catalogues. For development and the e2e tour, never offered to members.
 */
export async function activatePseudoLocale(): Promise<void> {
  latestRequest = PSEUDO_LOCALE
  const { default: messages } = await import('./compiled/en-XA.json')
  if (latestRequest !== PSEUDO_LOCALE) return
  pseudo = messages as unknown as Catalogue
  current = SOURCE_LANGUAGE
  setDocumentLanguage(PSEUDO_LOCALE, 'ltr')
  changed()
}

/**
 * At boot: the device's language (its pick, else the browser's), or the pseudo-locale where
 * development turned it on. A catalogue that cannot be had (offline before the service worker
 * has it) leaves English.
 */
export const startLanguage = () =>
  (pseudoLocaleOn()
    ? activatePseudoLocale()
    : activateLanguage(deviceLanguage(), {
        restLater: typeof location !== 'undefined' && FIRST_SCREEN_PATHS.has(location.pathname),
      })
  ).catch(() => undefined)
