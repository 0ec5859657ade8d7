import { COMMENT_LIMITS } from '@contract/comments'
import Box from '@mui/material/Box'
import { useT } from '@/i18n/use-t'
import { visuallyHidden } from './visually-hidden'

// Spec 001 §2/§5: a live count x/200 that warns from 180. The warning is also said in words so
// it does not rest on colour alone; the secondary colour keeps AA contrast in both schemes.
export function CommentLengthCounter({ id, length }: { id: string; length: number }) {
  const t = useT()
  const over = length > COMMENT_LIMITS.contentMax
  const near = !over && length >= COMMENT_LIMITS.warnAt
  return (
    <Box
      component="span"
      id={id}
      sx={{
        typography: 'caption',
        fontWeight: over || near ? 700 : 400,
        color: over ? 'error.main' : near ? 'secondary.main' : 'text.secondary',
      }}
    >
      {length}/{COMMENT_LIMITS.contentMax}
      {near && (
        <Box component="span" sx={visuallyHidden}>
          {' '}
          {t('characters, close to the limit')}
        </Box>
      )}
      {over && (
        <Box component="span" sx={visuallyHidden}>
          {' '}
          {t('characters, over the limit')}
        </Box>
      )}
    </Box>
  )
}
