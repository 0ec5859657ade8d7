import Box from '@mui/material/Box'
import Button, { type ButtonProps } from '@mui/material/Button'
import { useId } from 'react'
import { HintTooltip } from './hint-tooltip'
import { useVerifiedEmailGate, VERIFY_EMAIL_TO_ACT } from './use-verified-email-gate'

// Spec 000 §5 "Buttons": every submit button, and any button flagged as needing a verified email,
// is this one. Non-submit buttons opt in by using it with type="button".
export function VerifiedSubmitButton({ type = 'submit', disabled, ...props }: ButtonProps) {
  const gated = useVerifiedEmailGate()
  const hintId = useId()
  if (!gated) return <Button type={type} disabled={disabled} {...props} />

  // A disabled button takes no focus and fires no hover, so the tooltip hangs on a focusable
  // wrapper that also names the reason for screen readers (spec 000 §5 tooltip).
  return (
    <HintTooltip title={VERIFY_EMAIL_TO_ACT}>
      <Box
        component="span"
        tabIndex={0}
        aria-describedby={hintId}
        sx={{ display: props.fullWidth ? 'block' : 'inline-block', borderRadius: 1 }}
      >
        <Button type={type} {...props} disabled />
        <Box component="span" id={hintId} hidden>
          {VERIFY_EMAIL_TO_ACT}
        </Box>
      </Box>
    </HintTooltip>
  )
}
