import type { Destination, IdentityMode } from '@contract/intentions'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import MenuItem from '@mui/material/MenuItem'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { TextLink } from '@/components/text-link'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { communityPage } from '@/lib/community-page'
import { type ComposerValues, withDestination } from '../composer-form'

export type ComposerGroup = { id: string; name: string }
/** How the member is named under each identity (from the profile; null while unknown). */
export type ComposerNames = { displayName: string | null; realName: string | null }

type DestinationFieldsProps = {
  values: ComposerValues
  groups: ComposerGroup[]
  names: ComposerNames
  groupError?: string
  onChange: (values: ComposerValues) => void
  onGroupBlur: () => void
  /** The community's anonymous_posting (issue 38): forbidden, no way to post anonymously. */
  anonymousAllowed?: boolean
}

const IDENTITY_LABELS: Record<IdentityMode, MessageId> = {
  real_name: 'First + Last Name',
  display_name: 'Display Name',
  anonymous: 'Anonymous (identity)',
}
// Marks where the name goes in the translated sentence, which shows it in bold.
const MARK = '\u0001'

// Spec 001 §2 and §4: where the request goes, and under which name.
export function DestinationFields({
  values,
  groups,
  names,
  groupError,
  onChange,
  onGroupBlur,
  anonymousAllowed = communityPage.anonymous_posting,
}: DestinationFieldsProps) {
  const t = useT()
  const isPrivate = values.destination === 'private_group'
  const group = groups.find((candidate) => candidate.id === values.groupId)
  const shownAs = {
    // The name an anonymous request shows on the wall, as the wall words it.
    anonymous: t('Anonymous'),
    display_name: names.displayName ?? t(IDENTITY_LABELS.display_name),
    real_name: names.realName ?? t(IDENTITY_LABELS.real_name),
  }[values.identityMode]
  const [postingAsBefore, postingAsAfter = ''] = t('Posting as', { name: MARK }).split(MARK)
  const helper = isPrivate
    ? group
      ? t('Visible only to members of a group', { group: group.name })
      : null
    : anonymousAllowed
      ? t('Visible to everyone on the Wall. You can post anonymously.')
      : t('Visible to everyone on the Wall.')
  const identities = (Object.keys(IDENTITY_LABELS) as IdentityMode[]).filter(
    (mode) => anonymousAllowed || mode !== 'anonymous',
  )

  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="destination-label">{t('Destination')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="destination-label"
          value={values.destination}
          onChange={(event) => onChange(withDestination(values, event.target.value as Destination))}
        >
          <FormControlLabel value="public_wall" control={<Radio />} label={t('Public Wall')} />
          <FormControlLabel
            value="private_group"
            control={<Radio />}
            label={t('Private Group')}
            disabled={groups.length === 0}
          />
        </RadioGroup>
        {groups.length === 0 ? (
          <FormHelperText>
            {t('Join or create a group to post privately.')}{' '}
            <TextLink to="/groups">{t('Create a group')}</TextLink>
          </FormHelperText>
        ) : null}
      </FormControl>

      {isPrivate ? (
        <TextField
          select
          label={t('Group (field)')}
          required
          value={values.groupId ?? ''}
          onChange={(event) => onChange({ ...values, groupId: event.target.value || null })}
          onBlur={onGroupBlur}
          error={Boolean(groupError)}
          helperText={groupError}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="" disabled>
            {t('Choose a group')}
          </MenuItem>
          {groups.map((candidate) => (
            <MenuItem key={candidate.id} value={candidate.id}>
              <bdi>{candidate.name}</bdi>
            </MenuItem>
          ))}
        </TextField>
      ) : null}

      <Stack spacing={1}>
        <Typography component="h2" variant="subtitle1">
          {postingAsBefore}
          <strong>
            <bdi>{shownAs}</bdi>
          </strong>
          {postingAsAfter}
        </Typography>
        {isPrivate ? (
          <TextField
            select
            label={t('Identity')}
            value={values.identityMode}
            onChange={(event) =>
              onChange({ ...values, identityMode: event.target.value as IdentityMode })
            }
          >
            {identities.map((mode) => (
              <MenuItem key={mode} value={mode}>
                {t(IDENTITY_LABELS[mode])}
              </MenuItem>
            ))}
          </TextField>
        ) : anonymousAllowed ? (
          <FormControlLabel
            control={
              <Switch
                checked={values.identityMode === 'anonymous'}
                onChange={(event) =>
                  onChange({
                    ...values,
                    identityMode: event.target.checked ? 'anonymous' : 'display_name',
                  })
                }
              />
            }
            label={t('Anonymous (identity)')}
          />
        ) : null}
        {helper ? (
          <Typography variant="body2" color="textSecondary">
            {helper}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  )
}
