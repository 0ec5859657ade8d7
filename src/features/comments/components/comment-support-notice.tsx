import type { SupportBlock } from '@contract/content-policy'
import Alert from '@mui/material/Alert'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import { translateText } from '@/i18n/i18n'

// DESIGN §4: a comment whose words signal a member in crisis is posted, and the answer's
// support block is shown beside it, with every resource reachable by link or phone.
export function CommentSupportNotice({ support }: { support: SupportBlock }) {
  return (
    <Alert severity="info" role="status">
      {translateText(support.message)}
      <List dense disablePadding>
        {support.resources.map((resource) => (
          <ListItem key={resource.url} disableGutters>
            <Link href={resource.url} target="_blank" rel="noopener noreferrer">
              {resource.name}
            </Link>
            {resource.phone && (
              <>
                {' · '}
                <Link href={`tel:${resource.phone.replace(/[^\d+]/g, '')}`}>{resource.phone}</Link>
              </>
            )}
          </ListItem>
        ))}
      </List>
    </Alert>
  )
}
