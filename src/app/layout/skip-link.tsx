import { useT } from '@/i18n/use-t'
import styles from './skip-link.module.css'

export const mainContentId = 'main-content'

// Keyboard users jump past the header; the link is shown only while focused.
export function SkipLink() {
  const t = useT()
  return (
    <a href={`#${mainContentId}`} className={styles.skipLink}>
      {t('Skip to content')}
    </a>
  )
}
