import sharePaths from '@mui/icons-material/Share?svg-paths'
import { SvgIcon } from '@/ui/svg-icon'
import { ActionButton } from './action-button'

/** "Share" on prayer and testimony cards (issue 17): the system sheet, or the link copied. */
export function ShareButton({ onClick }: { onClick: () => void }) {
  return <ActionButton label="Share" icon={<SvgIcon paths={sharePaths} />} onClick={onClick} />
}
