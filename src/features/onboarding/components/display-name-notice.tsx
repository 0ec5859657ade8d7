import Alert from '@mui/material/Alert'
import { useT } from '@/i18n/use-t'

// Stands for the name while the sentence is split around it.
const MARK = '\u0001'

// Spec 000 §2: the notice explains the public display name and shows the assigned one, or says
// one will be assigned.
export function DisplayNameNotice({ displayName }: { displayName: string | null }) {
  const t = useT()
  // The name is shown in bold inside the translated sentence.
  const [before, after = ''] = t(
    'Your public display name is {displayName}. Other members see it instead of your real name, so your identity stays protected.',
    { displayName: MARK },
  ).split(MARK)
  return (
    // A status, not an alert: it updates quietly when the gender choice changes the name.
    <Alert severity="info" icon={false} role="status">
      {displayName ? (
        <>
          {before}
          <strong translate="no">{displayName}</strong>
          {after}
        </>
      ) : (
        t(
          'A public display name will be assigned to you. Other members see it instead of your real name, so your identity stays protected.',
        )
      )}
    </Alert>
  )
}
