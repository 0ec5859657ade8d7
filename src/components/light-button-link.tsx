import { createLink } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'
import type { ButtonProps } from '@/ui/button'
import buttonStyles from '@/ui/button.module.css'
import { cx } from '@/ui/class-names'

type LightButtonAnchorProps = Omit<ComponentPropsWithRef<'a'>, 'color'> &
  Pick<ButtonProps, 'variant' | 'color'>

function LightButtonAnchor({
  variant = 'text',
  color = 'primary',
  className,
  ...props
}: LightButtonAnchorProps) {
  return (
    <a
      className={cx(buttonStyles.button, className)}
      data-variant={variant}
      data-color={color}
      {...props}
    />
  )
}

// A route link drawn as src/ui's button: typed `to`, client-side navigation, intent preload, and
// a real <a> (a link to assistive technology, and it opens in a new tab). ButtonLink is the same
// with MUI's Button; this one is for what renders on every page, the wall's first screen included
// (ADR 0025).
export const LightButtonLink = createLink(LightButtonAnchor)
