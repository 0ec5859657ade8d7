import personPaths from '@mui/icons-material/PersonOutlined?svg-paths'
import { cx } from '@/ui/class-names'
import { SvgIcon } from '@/ui/svg-icon'
import { initialsOf } from './initials'
import styles from './member-avatar.module.css'

// Spec 001 §1 builds avatars from the author's name with an external image service; we draw the
// initials locally instead: no name leaves the device and the wall works offline.
// White letters on each of these keep WCAG AA (≥ 4.5:1), in both colour schemes.
export const AVATAR_COLOURS = [
  '#1565C0',
  '#2E7D32',
  '#6A1B9A',
  '#AD1457',
  '#00695C',
  '#4E342E',
  '#37474F',
  '#C62828',
] as const

/** The same member always gets the same colour, on every device (a hash of the name). */
export function avatarColourOf(displayName: string): string {
  let hash = 0
  for (const char of displayName) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] as string
}

type MemberAvatarProps = {
  /** The display name alone, without "(You)": the colour must not change with the viewer. */
  displayName: string
  anonymous?: boolean
  size?: number
}

/** Decorative: the author's name is always written beside it. */
export function MemberAvatar({ displayName, anonymous = false, size = 40 }: MemberAvatarProps) {
  const box = { width: size, height: size, fontSize: size * 0.4 }
  if (anonymous) {
    // One neutral figure for every anonymous author: nothing about them, not even a colour.
    return (
      <div aria-hidden="true" className={cx(styles.avatar, styles.anonymous)} style={box}>
        <SvgIcon paths={personPaths} fontSize="small" />
      </div>
    )
  }
  return (
    <div
      aria-hidden="true"
      // A member's initials: their name, not the app's words (no translator touches them).
      translate="no"
      className={styles.avatar}
      style={{ ...box, backgroundColor: avatarColourOf(displayName), color: '#fff' }}
    >
      {initialsOf(displayName)}
    </div>
  )
}
