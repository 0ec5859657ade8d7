import type { ComponentPropsWithRef } from 'react'
import { cx } from './class-names'
import styles from './icon-button.module.css'

export type IconButtonProps = ComponentPropsWithRef<'button'> & {
  /** An icon alone says nothing to a screen reader: the button must be named. */
  'aria-label': string
  size?: 'small' | 'medium'
  color?: 'default' | 'inherit'
  edge?: 'start' | 'end'
}

/** A round icon button that looks like MUI's, for the first screen (ADR 0025). */
export function IconButton({
  size = 'medium',
  color = 'default',
  edge,
  className,
  type = 'button',
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={cx(styles.iconButton, className)}
      data-size={size}
      data-color={color}
      data-edge={edge}
      {...props}
    />
  )
}
