import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'

// Spec 001 §2 "Share Your Testimony screen": guidance shown above the form.
export function TestimonyTips() {
  return (
    <Alert severity="info" icon={false}>
      <AlertTitle>Tips for sharing</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        <li>Focus on how God worked in your situation.</li>
        <li>Share specific details while protecting others&apos; privacy.</li>
        <li>Keep medical and personal details general.</li>
        <li>Your story can encourage others who are still waiting.</li>
      </ul>
    </Alert>
  )
}
