import type { ComponentPropsWithRef, ReactNode } from 'react'
import styles from './chip.module.css'
import { cx } from './class-names'

export type ChipProps = Omit<ComponentPropsWithRef<'span'>, 'children'> & {
  label: ReactNode
  icon?: ReactNode
  variant?: 'filled' | 'outlined'
  size?: 'small' | 'medium'
  color?: 'default' | 'primary' | 'secondary' | 'success'
}

/** A label in a pill that looks like MUI's Chip, for the first screen (ADR 0025). */
export function Chip({
  label,
  icon,
  variant = 'filled',
  size = 'medium',
  color = 'default',
  className,
  ...props
}: ChipProps) {
  return (
    <span
      className={cx(styles.chip, className)}
      data-variant={variant}
      data-size={size}
      data-color={color}
      {...props}
    >
      {icon && <span className={styles.icon}>{icon}</span>}
      <span className={styles.label}>{label}</span>
    </span>
  )
}
