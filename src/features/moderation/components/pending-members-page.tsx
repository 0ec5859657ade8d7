import type { PendingMember } from '@contract/membership'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useDecideMember, usePendingMembers } from '../api/pending-members'
import { actionErrorMessage, formatDateTime } from '../moderation-text'
import { LoadFailed } from './load-failed'
import { LoadingLine } from './loading-line'
import { RejectMemberDialog } from './reject-member-dialog'

/**
 * /moderation/members (issue 38, join = "approval"): new accounts waiting for a moderator,
 * longest wait first. Approve lets them in at once; Reject, confirmed, deletes the account.
 */
export function PendingMembersPage() {
  const members = usePendingMembers()
  const decide = useDecideMember()
  const [rejecting, setRejecting] = useState<PendingMember | null>(null)
  const [done, setDone] = useState('')
  const items = members.data?.pages.flatMap((page) => page.items) ?? []

  const approve = (member: PendingMember) => {
    setDone('')
    decide.mutate(
      { userId: member.userId, decision: 'approve' },
      { onSuccess: () => setDone(`${member.displayName} was approved and told.`) },
    )
  }

  return (
    <Stack spacing={2} component="section" aria-labelledby="pending-members-title">
      <Typography id="pending-members-title" variant="h5" component="h2">
        Waiting for approval
      </Typography>
      <Typography color="textSecondary">
        New accounts wait here until a moderator lets them in. Approving opens the community to them
        at once and tells them by email and notification; rejecting deletes the account and tells
        them by email.
      </Typography>
      <Typography role="status" aria-live="polite">
        {done}
      </Typography>
      {decide.isError && (
        <Alert severity="error" role="alert">
          {actionErrorMessage(decide.error)}
        </Alert>
      )}
      {members.isPending && <LoadingLine label="Loading members waiting for approval…" />}
      {members.isError && !members.data && (
        <LoadFailed
          what="members waiting for approval"
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      )}
      {members.isSuccess && items.length === 0 && (
        <Typography color="textSecondary">Nobody is waiting for approval.</Typography>
      )}
      <List aria-label="Members waiting for approval" aria-busy={members.isFetching}>
        {items.map((member) => (
          <ListItem
            key={member.userId}
            divider
            sx={{ flexDirection: 'column', alignItems: 'stretch' }}
          >
            <ListItemText
              primary={member.displayName}
              secondary={details(member)}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="contained"
                onClick={() => approve(member)}
                disabled={decide.isPending}
                aria-label={`Approve ${member.displayName}`}
              >
                Approve
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => {
                  setDone('')
                  setRejecting(member)
                }}
                disabled={decide.isPending}
                aria-label={`Reject ${member.displayName}`}
              >
                Reject
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
      {members.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void members.fetchNextPage()}
          disabled={members.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {members.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
      <RejectMemberDialog
        member={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(member) => {
          setRejecting(null)
          setDone(`${member.displayName} was rejected and told.`)
        }}
      />
    </Stack>
  )
}

/** What a decision rests on: the wait, onboarding, the email link; the address for admins. */
function details(member: PendingMember): string {
  return [
    `Waiting since ${formatDateTime(member.pendingSince)}`,
    member.profileCompleted ? 'Onboarding finished' : 'Onboarding not finished',
    member.emailVerified ? 'Email confirmed' : 'Email not confirmed',
    member.email,
  ]
    .filter(Boolean)
    .join(' · ')
}
