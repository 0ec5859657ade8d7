import errorPaths from '@mui/icons-material/ErrorOutlineOutlined?svg-paths'
import infoPaths from '@mui/icons-material/InfoOutlined?svg-paths'
import successPaths from '@mui/icons-material/TaskAlt?svg-paths'
import warningPaths from '@mui/icons-material/ReportProblemOutlined?svg-paths'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import styles from './alert.module.css'
import { cx } from './class-names'
import { SvgIcon } from './svg-icon'

const ICONS = { error: errorPaths, info: infoPaths, success: successPaths, warning: warningPaths }

export type AlertProps = ComponentPropsWithRef<'div'> & {
  severity?: keyof typeof ICONS
  title?: ReactNode
  action?: ReactNode
}

/**
 * A message in a tinted box that looks like MUI's standard Alert, for the first screen (ADR 0025).
 * Like MUI's, it is `role="alert"` unless told otherwise.
 */
export function Alert({
  severity = 'success',
  title,
  action,
  className,
  role = 'alert',
  children,
  ...props
}: AlertProps) {
  return (
    <div role={role} className={cx(styles.alert, className)} data-severity={severity} {...props}>
      <div className={styles.icon}>
        <SvgIcon paths={ICONS[severity]} fontSize="inherit" />
      </div>
      <div className={styles.message}>
        {title && <div className={styles.title}>{title}</div>}
        {children}
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  )
}
