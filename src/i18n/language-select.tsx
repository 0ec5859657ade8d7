import { LANGUAGES, isLanguage, type Language } from '@contract/languages'
import { useId } from 'react'
import styles from './language-select.module.css'
import { useT } from './use-t'

/** Each language by its own name (an autonym), the same in every catalogue: a reader finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  ar: 'العربية',
}

type LanguageSelectProps = {
  /** Null: "Same as this browser". */
  value: Language | null
  onChange: (language: Language | null) => void
  disabled?: boolean
}

/**
 * Issue 42: the language menu. A native select (no MUI): it is on the landing and sign-in pages,
 * whose budgets are small, and a phone shows its own picker. Each language by its own name,
 * marked with its `lang` so a screen reader says it right.
 */
export function LanguageSelect({ value, onChange, disabled }: LanguageSelectProps) {
  const t = useT()
  const id = useId()
  return (
    <span className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t('Language')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(isLanguage(event.target.value) ? event.target.value : null)}
      >
        <option value="">{t('Same as this browser')}</option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  )
}
