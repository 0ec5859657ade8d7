import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '@/ui/button'
import { cx } from '@/ui/class-names'
import styles from './action-button.module.css'

type ActionButtonProps = Omit<ButtonProps, 'children' | 'startIcon'> & {
  /** The accessible name, and the visible text from 600 px up (the spec's label). */
  label: string
  icon: ReactNode
  /** Shown at every width instead of the label: a count. */
  visibleText?: string
  active?: boolean
}

/**
 * One control of a card's action row (issue 17, ADR 0013): icon plus label or count, never
 * smaller than 44×44 px. On phones a label gives way to its icon so the row stays one line; the
 * label stays the button's name.
 */
export function ActionButton({
  label,
  icon,
  visibleText,
  active = false,
  className,
  ...props
}: ActionButtonProps) {
  return (
    <Button
      color={active ? 'primary' : 'inherit'}
      aria-label={label}
      {...props}
      className={cx(styles.action, className)}
    >
      <span aria-hidden="true" className={styles.icon}>
        {icon}
      </span>
      {visibleText !== undefined ? (
        <span aria-hidden="true">{visibleText}</span>
      ) : (
        <span aria-hidden="true" className={styles.label}>
          {label}
        </span>
      )}
    </Button>
  )
}
