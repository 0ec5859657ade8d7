import type { Language } from '@contract/languages'
import type { PendingMember } from '@contract/membership'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useLanguage, useT } from '@/i18n/use-t'
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
  const t = useT()
  const language = useLanguage()
  const members = usePendingMembers()
  const decide = useDecideMember()
  const [rejecting, setRejecting] = useState<PendingMember | null>(null)
  const [done, setDone] = useState('')
  const items = members.data?.pages.flatMap((page) => page.items) ?? []

  const approve = (member: PendingMember) => {
    setDone('')
    decide.mutate(
      { userId: member.userId, decision: 'approve' },
      {
        onSuccess: () =>
          setDone(t('A member was approved and told.', { name: member.displayName })),
      },
    )
  }

  return (
    <Stack spacing={2} component="section" aria-labelledby="pending-members-title">
      <Typography id="pending-members-title" variant="h5" component="h2">
        {t('Waiting for approval')}
      </Typography>
      <Typography color="textSecondary">
        {t(
          'New accounts wait here until a moderator lets them in. Approving opens the community to them at once and tells them by email and notification; rejecting deletes the account and tells them by email.',
        )}
      </Typography>
      <Typography role="status" aria-live="polite">
        {done}
      </Typography>
      {decide.isError && (
        <Alert severity="error" role="alert">
          {actionErrorMessage(decide.error)}
        </Alert>
      )}
      {members.isPending && <LoadingLine label={t('Loading members waiting for approval…')} />}
      {members.isError && !members.data && (
        <LoadFailed
          title={t('Could not load members waiting for approval.')}
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      )}
      {members.isSuccess && items.length === 0 && (
        <Typography color="textSecondary">{t('Nobody is waiting for approval.')}</Typography>
      )}
      <List aria-label={t('Members waiting for approval')} aria-busy={members.isFetching}>
        {items.map((member) => (
          <ListItem
            key={member.userId}
            divider
            sx={{ flexDirection: 'column', alignItems: 'stretch' }}
          >
            <ListItemText
              primary={<bdi>{member.displayName}</bdi>}
              secondary={
                <>
                  {details(member, t, language)}
                  {/* The address (admins only): theirs, in no language. */}
                  {member.email && (
                    <>
                      {' · '}
                      <bdi translate="no">{member.email}</bdi>
                    </>
                  )}
                </>
              }
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="contained"
                onClick={() => approve(member)}
                disabled={decide.isPending}
                aria-label={t('Approve a member (button)', { name: member.displayName })}
              >
                {t('Approve (a member)')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => {
                  setDone('')
                  setRejecting(member)
                }}
                disabled={decide.isPending}
                aria-label={t('Reject a member (button)', { name: member.displayName })}
              >
                {t('Reject (a member)')}
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
          {members.isFetchingNextPage ? t('Loading…') : t('Load more')}
        </Button>
      )}
      <RejectMemberDialog
        member={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(member) => {
          setRejecting(null)
          setDone(t('A member was rejected and told.', { name: member.displayName }))
        }}
      />
    </Stack>
  )
}

/** What a decision rests on: the wait, onboarding, the email link (the address follows it). */
function details(member: PendingMember, t: ReturnType<typeof useT>, language: Language): string {
  return [
    t('Waiting since a date', { date: formatDateTime(member.pendingSince, language) }),
    member.profileCompleted ? t('Onboarding finished') : t('Onboarding not finished'),
    member.emailVerified ? t('Email confirmed') : t('Email not confirmed'),
  ].join(' · ')
}
