import type { ComponentPropsWithRef, ReactNode } from 'react'
import styles from './button.module.css'
import { cx } from './class-names'

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: 'text' | 'outlined' | 'contained'
  size?: 'small' | 'medium'
  color?: 'primary' | 'inherit' | 'error'
  startIcon?: ReactNode
  fullWidth?: boolean
}

/** A button that looks like MUI's, for the first screen (ADR 0025). `type` defaults to "button". */
export function Button({
  variant = 'text',
  size = 'medium',
  color = 'primary',
  startIcon,
  fullWidth = false,
  className,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(styles.button, fullWidth && styles.fullWidth, className)}
      data-variant={variant}
      data-size={size}
      data-color={color}
      {...props}
    >
      {startIcon && <span className={styles.startIcon}>{startIcon}</span>}
      {children}
    </button>
  )
}
