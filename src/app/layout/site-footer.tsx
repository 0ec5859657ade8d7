import { Text } from '@/ui/text'
import { appName } from './brand-link'
import styles from './site-footer.module.css'
import { useT } from '@/i18n/use-t'

// spec 000 §1: the footer promises a premium upgrade (its details are not in the spec).
export function SiteFooter() {
  const t = useT()
  return (
    <footer className={styles.footer}>
      <div className={styles.container}>
        <p className={styles.promise}>
          {t('Premium is coming: deeper prayer tools for those who want them.')}
        </p>
        <Text variant="body2" secondary>
          {t('The community stays free and ad-free. © {name}', { name: appName })}
        </Text>
      </div>
    </footer>
  )
}
