import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import { useT } from '@/i18n/use-t'

// Spec 001 §2 "Share Your Testimony screen": guidance shown above the form.
export function TestimonyTips() {
  const t = useT()
  return (
    <Alert severity="info" icon={false}>
      <AlertTitle>{t('Tips for sharing')}</AlertTitle>
      <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        <li>{t('Focus on how God worked in your situation.')}</li>
        <li>{t("Share specific details while protecting others' privacy.")}</li>
        <li>{t('Keep medical and personal details general.')}</li>
        <li>{t('Your story can encourage others who are still waiting.')}</li>
      </ul>
    </Alert>
  )
}
