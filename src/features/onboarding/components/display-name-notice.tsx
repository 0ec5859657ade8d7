import Alert from '@mui/material/Alert'

// Spec 000 §2: the notice explains the public display name and shows the assigned one, or says
// one will be assigned.
export function DisplayNameNotice({ displayName }: { displayName: string | null }) {
  return (
    // A status, not an alert: it updates quietly when the gender choice changes the name.
    <Alert severity="info" icon={false} role="status">
      {displayName ? (
        <>
          Your public display name is <strong>{displayName}</strong>. Other members see it instead
          of your real name, so your identity stays protected.
        </>
      ) : (
        'A public display name will be assigned to you. Other members see it instead of your real name, so your identity stays protected.'
      )}
    </Alert>
  )
}
