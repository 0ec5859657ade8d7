import { useId } from 'react'
import { Button, type ButtonProps } from '@/ui/button'
import { cx } from '@/ui/class-names'
import { HintTooltip } from './hint-tooltip'
import { useVerifiedEmailGate, VERIFY_EMAIL_TO_ACT } from './use-verified-email-gate'
import styles from './verified-submit-button.module.css'
import { useT } from '@/i18n/use-t'

// Spec 000 §5 "Buttons": every submit button, and any button flagged as needing a verified email,
// is this one. Non-submit buttons opt in by using it with type="button". It is the light button
// (ADR 0025): the wall's "Ask for Prayer" renders before the first card settles.
export function VerifiedSubmitButton({ type = 'submit', disabled, ...props }: ButtonProps) {
  const t = useT()
  const gated = useVerifiedEmailGate()
  const hintId = useId()
  if (!gated) return <Button type={type} disabled={disabled} {...props} />

  // A disabled button takes no focus and fires no hover, so the tooltip hangs on a focusable
  // wrapper that also names the reason for screen readers (spec 000 §5 tooltip).
  return (
    <HintTooltip title={t(VERIFY_EMAIL_TO_ACT)}>
      <span
        tabIndex={0}
        aria-describedby={hintId}
        className={cx(styles.gate, props.fullWidth && styles.fullWidth)}
      >
        <Button type={type} {...props} disabled />
        <span id={hintId} hidden>
          {t(VERIFY_EMAIL_TO_ACT)}
        </span>
      </span>
    </HintTooltip>
  )
}
