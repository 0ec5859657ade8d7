import Check from '@mui/icons-material/Check'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import { useId } from 'react'
import { translateText, type MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import type { ProofOfWork } from '../hooks/use-proof-of-work'

type NotARobotCheckProps = {
  state: ProofOfWork
  error: string | null
  onCheck: () => void
  onUncheck: () => void
}

const progressText: Record<ProofOfWork['status'], MessageId | null> = {
  idle: null,
  checking: 'Checking…',
  solved: 'Done: you can sign in now.',
  failed: 'The check did not finish. Untick and tick the box to try again.',
}

// Spec 000 §4: after 3 failed attempts the 'not a robot' box must be ticked. Ticking it runs the
// proof of work; its progress is announced politely and never shown by colour alone.
export function NotARobotCheck({ state, error, onCheck, onUncheck }: NotARobotCheckProps) {
  const t = useT()
  const statusId = useId()
  const errorId = useId()
  const checked = state.status !== 'idle' && state.status !== 'failed'
  const progress = progressText[state.status]
  return (
    <Box>
      <FormControlLabel
        label={t("I'm not a robot")}
        control={
          <Checkbox
            name="notARobot"
            checked={checked}
            onChange={(event) => (event.target.checked ? onCheck() : onUncheck())}
            slotProps={{
              input: {
                'aria-invalid': error !== null,
                'aria-describedby': [statusId, error ? errorId : null].filter(Boolean).join(' '),
              },
            }}
          />
        }
      />
      <Box
        id={statusId}
        role="status"
        aria-live="polite"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, marginInlineStart: 4 }}
      >
        {state.status === 'checking' && <CircularProgress size={16} aria-hidden />}
        {state.status === 'solved' && <Check fontSize="small" color="success" aria-hidden />}
        <FormHelperText component="span" sx={{ m: 0 }}>
          {progress && t(progress)}
        </FormHelperText>
      </Box>
      {error && (
        <FormHelperText id={errorId} error sx={{ marginInlineStart: 4 }}>
          {translateText(error)}
        </FormHelperText>
      )}
    </Box>
  )
}
