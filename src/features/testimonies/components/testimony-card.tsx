import VolunteerActivism from '@mui/icons-material/VolunteerActivism'
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined'
import { ANONYMOUS_AUTHOR_NAME } from '@contract/intentions'
import { TESTIMONY_LIMITS, type Testimony } from '@contract/testimonies'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import { MemberAvatar } from '@/components/avatar/member-avatar'
import { PendingChip } from '@/components/pending-chip'
import { ShareButton } from '@/components/share-button'
import { UnderReviewNotice } from '@/components/under-review-notice'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { testimonyElementId } from '../hooks/use-testimony-highlight'

type TestimonyCardProps = {
  testimony: Testimony
  highlighted: boolean
  onAmen: (active: boolean) => void
  onOpenReactors: () => void
  onOpenPrayer: (intentionId: string) => void
  onShare: () => void
}

const MARK = '\u0001'

// One pair of formatters per language for every card: making one is costly on a phone.
const formats = new Map<string, { day: Intl.DateTimeFormat; count: Intl.NumberFormat }>()
function formatsIn(language: string) {
  let found = formats.get(language)
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }),
      count: new Intl.NumberFormat(language),
    }
    formats.set(language, found)
  }
  return found
}

/** Spec 001 §2 "Testimonies screen" card. */
export function TestimonyCard({
  testimony,
  highlighted,
  onAmen,
  onOpenReactors,
  onOpenPrayer,
  onShare,
}: TestimonyCardProps) {
  const t = useT()
  const format = formatsIn(useLanguage())
  const [expanded, setExpanded] = useState(false)
  const titleId = useId()
  const textId = useId()
  const long = testimony.text.length > TESTIMONY_LIMITS.cardTruncation
  const text =
    long && !expanded
      ? `${testimony.text.slice(0, TESTIMONY_LIMITS.cardTruncation).trimEnd()}…`
      : testimony.text
  const anonymous = testimony.author_display_name === ANONYMOUS_AUTHOR_NAME
  // The anonymous author's placeholder name is worded in the member's language; a name is not.
  const name = anonymous ? translateText(ANONYMOUS_AUTHOR_NAME) : testimony.author_display_name
  const author = testimony.is_mine ? t('Name (You)', { name }) : <bdi>{name}</bdi>
  const amenLabel = testimony.said_amen ? t('Said Amen') : t('Say Amen')
  // The prayer's title is the member's words, isolated inside the translated sentence.
  const prayerTitle = testimony.intention_title
  const [fromBefore, fromAfter = ''] = t('From prayer (with its title)', { title: MARK }).split(
    MARK,
  )
  return (
    <Card
      id={testimonyElementId(testimony.testimony_id)}
      component="article"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-highlighted={highlighted || undefined}
      variant="outlined"
      sx={{
        transition: 'box-shadow 300ms',
        boxShadow: highlighted ? (theme) => `0 0 0 3px ${theme.palette.secondary.main}` : 'none',
      }}
    >
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, pb: 0 }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <MemberAvatar displayName={testimony.author_display_name} anonymous={anonymous} />
            <div>
              <Typography
                id={titleId}
                variant="h6"
                component="h2"
                dir="auto"
                sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
              >
                {testimony.title}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {author}
                {' · '}
                <time dateTime={testimony.created_at}>
                  {format.day.format(new Date(testimony.created_at))}
                </time>
              </Typography>
            </div>
          </Stack>
          {testimony.under_review && <UnderReviewNotice waiting={testimony.waiting_for_review} />}
          <Typography
            id={textId}
            dir="auto"
            sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {text}
          </Typography>
          {long && (
            <Link
              component="button"
              type="button"
              aria-expanded={expanded}
              aria-controls={textId}
              onClick={() => setExpanded((open) => !open)}
              sx={{ alignSelf: 'flex-start', minHeight: 44, textAlign: 'start' }}
            >
              {expanded ? t('Show less') : t('Read more')}
            </Link>
          )}
          {testimony.category_tags.length > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {testimony.category_tags.map((tag) => (
                <Chip key={tag} label={<bdi>{tag}</bdi>} size="small" variant="outlined" />
              ))}
            </Stack>
          )}
          {testimony.intention_id !== null && (
            <Link
              component="button"
              type="button"
              onClick={() => testimony.intention_id && onOpenPrayer(testimony.intention_id)}
              sx={{ alignSelf: 'flex-start', minHeight: 44, textAlign: 'start' }}
            >
              {prayerTitle ? (
                <>
                  {fromBefore}
                  <bdi>{prayerTitle}</bdi>
                  {fromAfter}
                </>
              ) : (
                t('From prayer')
              )}
            </Link>
          )}
        </Stack>
      </CardContent>
      {/* Issue 17: one row, each control at least 44×44 px; the count opens who said Amen. */}
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: { xs: 0.5, sm: 1 } }}>
        <VerifiedSubmitButton
          type="button"
          variant={testimony.said_amen ? 'contained' : 'outlined'}
          aria-pressed={testimony.said_amen}
          onClick={() => onAmen(!testimony.said_amen)}
          startIcon={
            testimony.said_amen ? (
              <VolunteerActivism aria-hidden fontSize="inherit" />
            ) : (
              <VolunteerActivismOutlined aria-hidden fontSize="inherit" />
            )
          }
          style={{ minHeight: 44, whiteSpace: 'nowrap' }}
        >
          {amenLabel}
        </VerifiedSubmitButton>
        <Button
          onClick={onOpenReactors}
          aria-label={t('Testimony amen count (see who said Amen)', {
            count: testimony.amen_count,
          })}
          sx={{ minHeight: 44, minWidth: 44, m: 0 }}
        >
          {format.count.format(testimony.amen_count)}
        </Button>
        <ShareButton onClick={onShare} />
        <PendingChip subject={`testimony:${testimony.testimony_id}`} />
      </CardActions>
    </Card>
  )
}
