import { TESTIMONY_MESSAGES } from '@contract/testimonies'
import Alert from '@mui/material/Alert'
import Container from '@mui/material/Container'
import Snackbar from '@mui/material/Snackbar'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { type MessageId, translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import '../navigation-state'
import { type ShareOutcome, shareTestimony } from '../share-testimony'
import { AmenReactorsDialog } from './amen-reactors-dialog'
import { PrayerDetailsDialog } from './prayer-details-dialog'
import { TestimonyFeed } from './testimony-feed'

const SHARE_MESSAGES: Partial<
  Record<ShareOutcome, { text: MessageId; severity: 'success' | 'error' }>
> = {
  copied: { text: 'Link copied to clipboard.', severity: 'success' },
  failed: { text: 'Could not share the link.', severity: 'error' },
}

type TestimoniesPageProps = {
  highlight: string | undefined
  onHighlightDone: () => void
}

/** Spec 001 §2 "Testimonies screen". */
export function TestimoniesPage({ highlight, onHighlightDone }: TestimoniesPageProps) {
  const t = useT()
  const navigate = useNavigate()
  const shared = useRouterState({ select: (state) => state.location.state.testimonyShared })
  const [shareOutcome, setShareOutcome] = useState<ShareOutcome | null>(null)
  const [reactorsOf, setReactorsOf] = useState<string | null>(null)
  const [prayerId, setPrayerId] = useState<string | null>(null)
  const shareMessage = shareOutcome ? SHARE_MESSAGES[shareOutcome] : undefined

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={3}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <div>
            <Typography variant="h4" component="h1">
              {t('Testimonies')}
            </Typography>
            <Typography color="textSecondary">
              {t("Stories of God's faithfulness and answered prayers")}
            </Typography>
          </div>
          <VerifiedSubmitButton
            type="button"
            variant="contained"
            onClick={() => void navigate({ to: '/testimonies/create' })}
          >
            {t('Create Testimony')}
          </VerifiedSubmitButton>
        </Stack>
        <div role="status">
          {shared && <Alert severity="success">{translateText(TESTIMONY_MESSAGES.shared)}</Alert>}
        </div>
        <TestimonyFeed
          highlight={highlight}
          onHighlightDone={onHighlightDone}
          onOpenReactors={setReactorsOf}
          onOpenPrayer={setPrayerId}
          onShare={(id, title) => void shareTestimony(id, title).then(setShareOutcome)}
        />
      </Stack>
      <AmenReactorsDialog testimonyId={reactorsOf} onClose={() => setReactorsOf(null)} />
      <PrayerDetailsDialog intentionId={prayerId} onClose={() => setPrayerId(null)} />
      {shareMessage && (
        <Snackbar open autoHideDuration={4000} onClose={() => setShareOutcome(null)}>
          <Alert severity={shareMessage.severity}>{t(shareMessage.text)}</Alert>
        </Snackbar>
      )}
    </Container>
  )
}
