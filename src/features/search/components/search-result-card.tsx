import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import { ANONYMOUS_AUTHOR_NAME } from '@contract/intentions'
import type { ExcerptPart, SearchResult } from '@contract/search'
import { formatRelativeTime } from '@/lib/relative-time'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'

/** The excerpt's pieces as text (never markup), the matched words marked. */
export function Excerpt({ parts }: { parts: readonly ExcerptPart[] }) {
  return (
    <Typography variant="body2" color="textSecondary" dir="auto">
      {parts.map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </Typography>
  )
}

/** A result as a compact card: what it is, its title, who and when, the excerpt. One link. */
export function SearchResultCard({
  result,
  now,
  href,
  onOpen,
}: {
  result: SearchResult
  now: Date
  href: string
  onOpen: (event: React.MouseEvent<HTMLAnchorElement>) => void
}) {
  const t = useT()
  const language = useLanguage()
  // The server names an anonymous author 'Anonymous': that word is the app's, a name is not.
  const author = (name: string) => (name === ANONYMOUS_AUTHOR_NAME ? translateText(name) : name)
  const card =
    result.type === 'intention'
      ? { kind: t('Prayer request'), ...result.intention }
      : { kind: t('Testimony'), ...result.testimony }
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component="a" href={href} onClick={onOpen}>
        <CardContent sx={{ py: 1.5 }}>
          <Typography variant="caption" color="textSecondary">
            {card.kind} · <bdi>{author(card.author_display_name)}</bdi> ·{' '}
            <time dateTime={card.created_at}>
              {formatRelativeTime(new Date(card.created_at), now, language)}
            </time>
          </Typography>
          <Typography variant="subtitle1" component="h2" dir="auto" sx={{ fontWeight: 600 }}>
            {card.title}
          </Typography>
          <Excerpt parts={result.excerpt} />
        </CardContent>
      </CardActionArea>
    </Card>
  )
}
