import { Snackbar } from '@/components/lazy-snackbar'
import type { Intention } from '@contract/intentions'
import { REPORT_MESSAGES, type ReportBody } from '@contract/reports'
import { Suspense, lazy, useState } from 'react'
import { Alert } from '@/ui/alert'
import { translateText } from '@/i18n/i18n'
import { useReportIntention } from '../api/report-intention'

// Loaded when a member opens it, not before the wall's first card (issue 18).
const ReportDialog = lazy(() =>
  import('@/components/report-dialog').then((module) => ({ default: module.ReportDialog })),
)

/**
 * Spec 001 §2, §4: reporting a prayer. The dialog sends; on success the card reads "Reported"
 * (the cache says has_reported) and the thank-you shows for 4 seconds.
 */
export function useIntentionReport() {
  const [reporting, setReporting] = useState<Intention | null>(null)
  const [thanked, setThanked] = useState(false)
  const report = useReportIntention()

  const submit = async (body: ReportBody) => {
    if (!reporting) return
    await report.mutateAsync({ intentionId: reporting.intention_id, body })
    setReporting(null)
    setThanked(true)
  }

  const element = (
    <>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            key={reporting.intention_id}
            open
            onClose={() => setReporting(null)}
            onSubmit={submit}
          />
        </Suspense>
      )}
      <Snackbar open={thanked} autoHideDuration={4000} onClose={() => setThanked(false)}>
        <Alert severity="success" role="status">
          {translateText(REPORT_MESSAGES.thanks)}
        </Alert>
      </Snackbar>
    </>
  )
  return { onReport: setReporting, element }
}
