// Text for screen readers only (a live region's message, a counter's warning in words).
export const visuallyHidden = {
  position: 'absolute',
  // In px: sx reads 1 as 100 %, which made this box as wide as the page.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
