import sharePaths from '@mui/icons-material/Share?svg-paths'
import { SvgIcon } from '@/ui/svg-icon'
import { ActionButton } from './action-button'
import { useT } from '@/i18n/use-t'

/** "Share" on prayer and testimony cards (issue 17): the system sheet, or the link copied. */
export function ShareButton({ onClick }: { onClick: () => void }) {
  const t = useT()
  return <ActionButton label={t('Share')} icon={<SvgIcon paths={sharePaths} />} onClick={onClick} />
}
