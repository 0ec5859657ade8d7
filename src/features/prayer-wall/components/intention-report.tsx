import Alert from '@mui/material/Alert'
import Snackbar from '@mui/material/Snackbar'
import type { Intention } from '@contract/intentions'
import { REPORT_MESSAGES, type ReportBody } from '@contract/reports'
import { useState } from 'react'
import { ReportDialog } from '@/components/report-dialog'
import { useReportIntention } from '../api/report-intention'

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
        <ReportDialog
          key={reporting.intention_id}
          open
          onClose={() => setReporting(null)}
          onSubmit={submit}
        />
      )}
      <Snackbar open={thanked} autoHideDuration={4000} onClose={() => setThanked(false)}>
        <Alert severity="success" role="status">
          {REPORT_MESSAGES.thanks}
        </Alert>
      </Snackbar>
    </>
  )
  return { onReport: setReporting, element }
}
