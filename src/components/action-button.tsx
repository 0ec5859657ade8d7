import Box from '@mui/material/Box'
import Button, { type ButtonProps } from '@mui/material/Button'
import type { ReactNode } from 'react'

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
  sx,
  ...props
}: ActionButtonProps) {
  return (
    <Button
      color={active ? 'primary' : 'inherit'}
      aria-label={label}
      {...props}
      sx={[
        {
          minWidth: 44,
          minHeight: 44,
          px: 1,
          gap: 0.75,
          whiteSpace: 'nowrap',
          color: active ? 'primary.main' : 'text.secondary',
          '& svg': { fontSize: 22 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
        {icon}
      </Box>
      {visibleText !== undefined ? (
        <span aria-hidden>{visibleText}</span>
      ) : (
        <Box component="span" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {label}
        </Box>
      )}
    </Button>
  )
}
