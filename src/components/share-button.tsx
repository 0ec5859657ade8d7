import Share from '@mui/icons-material/Share'
import { ActionButton } from './action-button'

/** "Share" on prayer and testimony cards (issue 17): the system sheet, or the link copied. */
export function ShareButton({ onClick }: { onClick: () => void }) {
  return <ActionButton label="Share" icon={<Share />} onClick={onClick} />
}
