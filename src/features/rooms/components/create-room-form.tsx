import { ROOM_LIMITS, type Room } from '@contract/rooms'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useCallback, useMemo, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useDraft } from '@/lib/drafts'
import { useMemberId } from '@/lib/session'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useCreateRoom } from '../api/create-room'
import {
  emptyRoomForm,
  hasContent,
  type RoomFormErrors,
  type RoomFormValues,
  RoomFormValuesSchema,
  toCreateBody,
} from '../room-form'
import { RoomScheduleFields } from './room-schedule-fields'

const ROOM_DRAFT = { schema: RoomFormValuesSchema, hasContent }

export type RoomGroupChoice = { id: string; name: string }

type CreateRoomFormProps = {
  /** The private groups the member belongs to (a group room is for one of them). */
  groups: RoomGroupChoice[]
  /** Moderators may also create public rooms (issue 21). */
  canCreatePublic: boolean
  onCreated: (room: Room) => void
}

/** Issue 21: a room's name, description, place, schedule and length; kept as a draft. */
export function CreateRoomForm({ groups, canCreatePublic, onCreated }: CreateRoomFormProps) {
  const t = useT()
  const userId = useMemberId()
  const defaultGroup = canCreatePublic ? '' : (groups[0]?.id ?? '')
  const [values, setValues] = useState<RoomFormValues>(() => emptyRoomForm(defaultGroup))
  const [attempted, setAttempted] = useState(false)
  const create = useCreateRoom()
  const restore = useCallback(
    (draft: RoomFormValues) => setValues((current) => (hasContent(current) ? current : draft)),
    [],
  )
  const draft = useDraft('room', userId, values, restore, ROOM_DRAFT)
  useUnsavedChanges(hasContent(values) && !create.isSuccess)
  const update = useCallback(
    (patch: Partial<RoomFormValues>) => setValues((old) => ({ ...old, ...patch })),
    [],
  )
  const result = useMemo(() => toCreateBody(values, new Date()), [values])
  const shown = attempted ? (result.errors ?? {}) : {}
  // The contract's and the schedule's messages are English ids: shown in the member's language.
  const errors: RoomFormErrors = Object.fromEntries(
    Object.entries(shown).map(([field, message]) => [field, translateText(message)]),
  )
  const noPlace = !canCreatePublic && groups.length === 0

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (!result.body || create.isPending) return
    create.mutate(result.body, {
      onSuccess: async (room) => {
        await draft.clear()
        onCreated(room)
      },
    })
  }

  if (noPlace)
    return (
      <Typography color="textSecondary">
        {t('Join or create a group to start a room for it: public rooms are opened by moderators.')}
      </Typography>
    )
  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      onSubmit={submit}
      aria-label={t('Create a room')}
    >
      <TextField
        label={t('Room name')}
        required
        value={values.name}
        onChange={(event) => update({ name: event.target.value })}
        error={Boolean(errors.name)}
        helperText={
          errors.name ??
          t('Room name length hint', { min: ROOM_LIMITS.nameMin, max: ROOM_LIMITS.nameMax })
        }
      />
      <TextField
        label={t('Description (optional)')}
        multiline
        minRows={2}
        value={values.description}
        onChange={(event) => update({ description: event.target.value })}
        error={Boolean(errors.description)}
        helperText={errors.description}
      />
      <TextField
        select
        label={t('Who can join')}
        value={values.group_id}
        onChange={(event) => update({ group_id: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        helperText={values.group_id ? t('Members of this group only') : t('Everyone signed in')}
      >
        {canCreatePublic && <MenuItem value="">{t('Public (room)')}</MenuItem>}
        {groups.map((group) => (
          <MenuItem key={group.id} value={group.id}>
            {group.name}
          </MenuItem>
        ))}
      </TextField>
      <RoomScheduleFields values={values} errors={errors} onChange={update} />
      <TextField
        label={t('Duration (minutes)')}
        type="number"
        required
        value={values.duration}
        onChange={(event) => update({ duration: event.target.value })}
        slotProps={{
          htmlInput: { min: ROOM_LIMITS.durationMin, max: ROOM_LIMITS.durationMax, step: 5 },
        }}
        error={Boolean(errors.duration)}
        helperText={
          errors.duration ??
          t('Room duration hint', { min: ROOM_LIMITS.durationMin, max: ROOM_LIMITS.durationMax })
        }
      />
      <FormControlLabel
        control={
          <Switch
            checked={values.quiet}
            onChange={(event) => update({ quiet: event.target.checked })}
          />
        }
        label={t('Quiet room: show how many are here, never their names')}
      />
      <div aria-live="assertive">
        {create.isError && (
          <Alert severity="error">
            {create.error instanceof ApiError
              ? translateText(create.error.detail)
              : t('Could not reach the server. Check your connection and try again.')}
          </Alert>
        )}
      </div>
      <Stack direction="row" spacing={1}>
        <VerifiedSubmitButton variant="contained" disabled={create.isPending}>
          {create.isPending ? t('Creating…') : t('Create room')}
        </VerifiedSubmitButton>
        {hasContent(values) && (
          <Button
            onClick={() => {
              setValues(emptyRoomForm(defaultGroup))
              setAttempted(false)
              void draft.clear()
            }}
          >
            {t('Clear draft')}
          </Button>
        )}
      </Stack>
    </Stack>
  )
}
