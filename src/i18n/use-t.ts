import { useCallback, useSyncExternalStore } from 'react'
import { SOURCE_LANGUAGE, type Language } from '@contract/languages'
import {
  catalogueRevision,
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

/** `t(id, values)` in the current language, again when a later part of its catalogue arrives. */
export function useT() {
  const language = useLanguage()
  const revision = useSyncExternalStore(onLanguageChange, catalogueRevision, () => 0)
  return useCallback(
    (id: MessageId, values?: MessageValues) => translate(language, id, values),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new revision is a new t on purpose
    [language, revision],
  )
}
