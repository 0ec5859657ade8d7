import { LightButtonLink } from './light-button-link'
import styles from './not-found-page.module.css'
import { useT } from '@/i18n/use-t'

// Plain markup: the root route imports this page, so it is in every page's JavaScript, the wall's
// first screen included (ADR 0025).
export function NotFoundPage() {
  const t = useT()
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('Page not found')}</h1>
      <p className={styles.message}>
        {t(
          'The page you were looking for is not here. It may have moved, or the link may be mistyped.',
        )}
      </p>
      <LightButtonLink to="/" variant="contained">
        {t('Go to the home page')}
      </LightButtonLink>
    </div>
  )
}
