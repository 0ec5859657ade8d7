import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

/**
 * The shape of the cards to come instead of a spinner (issue 17): the page keeps its layout
 * while the feed loads. The spec's loading text stays, as one small line above them.
 */
export function CardSkeletons({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <Stack spacing={2} role="status" data-skeleton>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} variant="outlined" aria-hidden="true">
          <CardContent>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
              <Skeleton variant="circular" width={40} height={40} />
              <Stack sx={{ flex: 1 }}>
                <Skeleton width="70%" height={28} />
                <Skeleton width="40%" />
              </Stack>
            </Stack>
            <Skeleton />
            <Skeleton width="85%" />
            <Skeleton variant="rounded" height={44} sx={{ mt: 1.5 }} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  )
}
