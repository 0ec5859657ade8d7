import type { QueueItem } from '@contract/moderation'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { categoryLabel, formatDateTime } from '../moderation-text'

// Reporters stay anonymous to moderators; the server names them to admins only (issue 8).
export function QueueItemReports({ item }: { item: QueueItem }) {
  if (item.reportCount === 0) {
    // A post waiting for approval says why on its card (issue 38).
    if (item.waitingForReview) return null
    return (
      <Typography variant="body2" color="textSecondary">
        No reports yet: flagged automatically.
      </Typography>
    )
  }
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {item.reportCount === 1 ? '1 report' : `${item.reportCount} reports`}
        {item.lastReportedAt ? `, last on ${formatDateTime(item.lastReportedAt)}` : ''}
      </Typography>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ flexWrap: 'wrap' }}
        component="ul"
        aria-label="Report categories"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {item.categories.map(({ category, count }) => (
          <li key={category}>
            <Chip size="small" label={`${categoryLabel(category)} × ${count}`} />
          </li>
        ))}
      </Stack>
      <List dense disablePadding aria-label="Reports">
        {item.reports.map((report, index) => (
          <ListItem key={`${report.createdAt}-${index}`} disableGutters>
            <ListItemText
              primary={report.note ? `“${report.note}”` : 'No note'}
              secondary={[
                categoryLabel(report.category),
                formatDateTime(report.createdAt),
                report.reporter ? `reported by ${report.reporter.displayName}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  )
}
