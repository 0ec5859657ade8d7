import Button, { type ButtonProps } from '@mui/material/Button'
import { createLink } from '@tanstack/react-router'

// MUI's Button as a router anchor: typed `to`, client-side navigation, intent preload. It
// renders a real <a>, so it is a link to assistive technology and opens in a new tab.
export const ButtonLink = createLink((props: ButtonProps<'a'>) => (
  <Button component="a" {...props} />
))
