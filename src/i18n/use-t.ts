import { useCallback, useSyncExternalStore } from 'react'
import { SOURCE_LANGUAGE, type Language } from '@contract/languages'
import {
  currentLanguage,
  onLanguageChange,
  translate,
  type MessageId,
  type MessageValues,
} from './i18n'

/** The current language; a component re-renders when it changes (no reload). */
export function useLanguage(): Language {
  // The pre-render (and so hydration) is English; a browser in another language re-renders
  // right after hydrating instead of mismatching the markup.
  return useSyncExternalStore(onLanguageChange, currentLanguage, () => SOURCE_LANGUAGE)
}

/** `t(id, values)` in the current language. */
export function useT() {
  const language = useLanguage()
  return useCallback(
    (id: MessageId, values?: MessageValues) => translate(language, id, values),
    [language],
  )
}
