import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  activatePseudoLocale,
  activateLanguage,
  catalogueRevision,
  loadRestOfCatalogue,
  onLanguageChange,
  t,
  translateText,
} from './i18n'

// ADR 0038: a cold start awaits the first screen's areas only and re-renders when the rest
// arrives; a menu's switch awaits both. Texts from elsewhere translate when a catalogue knows them.
afterEach(() => activateLanguage('en'))

describe('loading a language in two parts', () => {
  it('a cold start on the wall shows its messages, and the rest once asked for', async () => {
    const changes = vi.fn()
    const stop = onLanguageChange(changes)
    const before = catalogueRevision()
    await activateLanguage('fr', { restLater: true })
    // The shell is a first-screen area: already French. The sign-in page's area is not yet.
    expect(t('Wall')).toBe('Mur')
    expect(t('Continue with email')).toBe('Continue with email')
    loadRestOfCatalogue()
    await vi.waitFor(() => expect(catalogueRevision()).toBe(before + 2))
    expect(t('Continue with email')).not.toBe('Continue with email')
    expect(changes).toHaveBeenCalledTimes(2)
    stop()
  })

  it('a switch from a menu waits for every area, so nothing shows in two languages', async () => {
    await activateLanguage('pt-BR')
    expect(t('Continue with email')).not.toBe('Continue with email')
    expect(t('Wall')).not.toBe('Wall')
  })
})

describe('translateText', () => {
  it('translates a text a catalogue holds and leaves any other as it came', async () => {
    await activateLanguage('es')
    expect(translateText('Wall')).toBe('Muro')
    expect(translateText('A detail no catalogue has')).toBe('A detail no catalogue has')
  })
})

describe('values in a right-to-left sentence', () => {
  it('isolates text values in Arabic and leaves them as they are in English', async () => {
    const values = { count: 3, badge: '3' }
    const id = 'Notifications (the bell, with the unread count)'
    await activateLanguage('ar')
    expect(t(id, values)).toContain('\u20683\u2069')
    await activateLanguage('en')
    expect(t(id, values)).toBe('Notifications, 3 unread')
  })
})

describe('the pseudo-locale', () => {
  it('shows every message accented, a third longer and bracketed, until a language is chosen', async () => {
    await activatePseudoLocale()
    expect(t('Wall')).toBe('[Ŵààĺĺ]')
    const sentence = t('Skip to content')
    expect(sentence).toMatch(/^\[Śķķĩƥ ţōō ćōōńţēēńţ\]$/)
    // Longer the way translations are: each word, so the text still wraps between words.
    expect(sentence.length - 2).toBeGreaterThanOrEqual(Math.floor('Skip to content'.length * 1.3))
    // Plurals keep English's rules; values are isolated, so the tour tells them from our words.
    expect(t('Notifications (the bell, with the unread count)', { count: 3, badge: '3' })).toBe(
      '[Ńōōţĩƒƒĩćààţĩōōńś, \u20683\u2069 ũńńŕēààď]',
    )
    await activateLanguage('en')
    expect(t('Wall')).toBe('Wall')
  })
})
