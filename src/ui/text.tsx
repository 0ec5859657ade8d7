import type { ComponentPropsWithRef, ElementType } from 'react'
import { cx } from './class-names'
import styles from './text.module.css'

type TextProps<As extends ElementType> = {
  as?: As
  variant?: 'h6' | 'body1' | 'body2' | 'caption'
  /** The theme's secondary text colour. */
  secondary?: boolean
} & Omit<ComponentPropsWithRef<As>, 'as'>

/** Text in one of the theme's type styles, like MUI's Typography, for the first screen (ADR 0025). */
export function Text<As extends ElementType = 'p'>({
  as,
  variant = 'body1',
  secondary = false,
  className,
  ...props
}: TextProps<As>) {
  const Element: ElementType = as ?? (variant === 'caption' ? 'span' : 'p')
  return (
    <Element className={cx(styles[variant], secondary && styles.secondary, className)} {...props} />
  )
}
