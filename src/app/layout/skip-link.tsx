import styles from './skip-link.module.css'

export const mainContentId = 'main-content'

// Keyboard users jump past the header; the link is shown only while focused.
export function SkipLink() {
  return (
    <a href={`#${mainContentId}`} className={styles.skipLink}>
      Skip to content
    </a>
  )
}
