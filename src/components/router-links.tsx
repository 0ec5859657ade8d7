import Button, { type ButtonProps } from '@mui/material/Button'
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link'
import { createLink } from '@tanstack/react-router'

// MUI surfaces rendered as router anchors: typed `to`, client-side navigation, intent preload.
// Each renders a real <a> so it is a link to assistive technology and opens in a new tab.
export const ButtonLink = createLink((props: ButtonProps<'a'>) => (
  <Button component="a" {...props} />
))
export const TextLink = createLink((props: MuiLinkProps) => <MuiLink {...props} />)
