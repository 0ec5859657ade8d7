import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

export function LoadingLine({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={1} role="status" sx={{ py: 3, alignItems: 'center' }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Stack>
  )
}
