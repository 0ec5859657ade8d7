import type { QueueItem } from '@contract/moderation'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useLanguage, useT } from '@/i18n/use-t'
import { CATEGORY_LABELS, formatDateTime } from '../moderation-text'

// Reporters stay anonymous to moderators; the server names them to admins only (issue 8).
export function QueueItemReports({ item }: { item: QueueItem }) {
  const t = useT()
  const language = useLanguage()
  if (item.reportCount === 0) {
    // A post waiting for approval says why on its card (issue 38).
    if (item.waitingForReview) return null
    return (
      <Typography variant="body2" color="textSecondary">
        {t('No reports yet: flagged automatically.')}
      </Typography>
    )
  }
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {item.lastReportedAt
          ? t('Reports, the last on a date', {
              count: item.reportCount,
              date: formatDateTime(item.lastReportedAt, language),
            })
          : t('Reports (count)', { count: item.reportCount })}
      </Typography>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ flexWrap: 'wrap' }}
        component="ul"
        aria-label={t('Report categories')}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {item.categories.map(({ category, count }) => (
          <li key={category}>
            <Chip
              size="small"
              label={t('A report category and its count', {
                category: t(CATEGORY_LABELS[category]),
                count,
              })}
            />
          </li>
        ))}
      </Stack>
      <List dense disablePadding aria-label={t('Reports (list)')}>
        {item.reports.map((report, index) => (
          <ListItem key={`${report.createdAt}-${index}`} disableGutters>
            <ListItemText
              primary={
                report.note ? t('A reporter’s note, quoted', { note: report.note }) : t('No note')
              }
              secondary={
                <>
                  {t(CATEGORY_LABELS[report.category])}
                  {' · '}
                  <time dateTime={report.createdAt}>
                    {formatDateTime(report.createdAt, language)}
                  </time>
                  {report.reporter &&
                    ` · ${t('Reported by a member', { name: report.reporter.displayName })}`}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  )
}
