import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { NotificationFold } from '@contract/notifications'
import { useT } from '@/i18n/use-t'

/**
 * Who acted in a folded entry (issue 47), as the reactors lists show them: the named members,
 * newest first, and how many more. A member who may not be named (an anonymous request's author)
 * is only counted: the server never sends their name.
 */
export function FoldPeople({ id, fold }: { id: string; fold: NotificationFold }) {
  const t = useT()
  const more = fold.people - fold.names.length
  return (
    <Box id={id} sx={{ paddingInlineStart: 7, paddingInlineEnd: 2, pb: 1.5 }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {fold.names.map((name) => (
          <Typography key={name} component="li" variant="body2">
            <bdi>{name}</bdi>
          </Typography>
        ))}
        {more > 0 && (
          <Typography component="li" variant="body2" color="textSecondary">
            {t('Folded: and others', { count: more })}
          </Typography>
        )}
      </Box>
    </Box>
  )
}
