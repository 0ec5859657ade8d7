import { PASSWORD_RULES, passwordRuleResults } from '@contract/auth'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

// Spec 000 §2/§5: a live checklist of the sign-up rules. Each line says met or not met in words
// (✓/✗ plus hidden text), not by colour alone; changes are announced politely.
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const t = useT()
  const results = passwordRuleResults(password)
  return (
    <Box id={id} component="ul" aria-live="polite" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {PASSWORD_RULES.map((rule) => {
        const met = results[rule.id]
        return (
          <Typography
            key={rule.id}
            component="li"
            variant="body2"
            sx={{ color: met ? 'success.main' : 'text.secondary', display: 'flex', gap: 1 }}
          >
            <span aria-hidden>{met ? '✓' : '✗'}</span>
            <span>
              {translateText(rule.label)}
              <Box component="span" sx={visuallyHidden}>
                {met ? t(': met') : t(': not met yet')}
              </Box>
            </span>
          </Typography>
        )
      })}
    </Box>
  )
}

const visuallyHidden = {
  position: 'absolute',
  // In px: sx reads 1 as 100 %, which made this box as wide as the page.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
