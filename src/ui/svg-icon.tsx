import { cx } from './class-names'
import styles from './svg-icon.module.css'

type SvgIconProps = {
  /** A Material icon's path data: `import paths from '@mui/icons-material/X?svg-paths'`. */
  paths: readonly string[]
  fontSize?: 'small' | 'medium' | 'inherit'
  className?: string
}

/** A Material icon, decorative: the control or text beside it carries the meaning. */
export function SvgIcon({ paths, fontSize = 'medium', className }: SvgIconProps) {
  return (
    <svg
      className={cx(styles.icon, styles[fontSize], className)}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
