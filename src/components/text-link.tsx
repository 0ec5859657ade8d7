import { createLink } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'
import { cx } from '@/ui/class-names'
import textStyles from '@/ui/text.module.css'
import styles from './text-link.module.css'

type LightLinkProps = Omit<ComponentPropsWithRef<'a'>, 'color'> & {
  /** The type style; by default the link takes its surroundings'. */
  variant?: 'inherit' | 'body2'
  underline?: 'always' | 'hover'
  color?: 'primary' | 'inherit'
}

function LightLink({
  variant = 'inherit',
  underline = 'always',
  color = 'primary',
  className,
  ...props
}: LightLinkProps) {
  return (
    <a
      className={cx(styles.link, variant === 'body2' && textStyles.body2, className)}
      data-underline={underline}
      data-color={color}
      {...props}
    />
  )
}

// A text link to a route: typed `to`, client-side navigation, intent preload, and a real <a> (a
// link to assistive technology, and it opens in a new tab). It looks like MUI's Link without its
// runtime, so the wall's first card can hold one (ADR 0025).
export const TextLink = createLink(LightLink)
