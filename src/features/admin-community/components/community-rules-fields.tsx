import type { ReactNode } from 'react'
import { COMMUNITY_LIMITS } from '@contract/community'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type RuleValues, SUGGESTED_AUTO_CLOSE_DAYS } from './community-rules'

type Props = {
  values: RuleValues
  errors: ReadonlyMap<string, string>
  onChange: (change: Partial<RuleValues>) => void
}

function Choice<T extends string>({
  id,
  legend,
  value,
  options,
  error,
  onChange,
  children,
}: {
  id: string
  legend: string
  value: T
  options: readonly [T, string][]
  error: string | undefined
  onChange: (value: T) => void
  children?: ReactNode
}) {
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" id={`${id}-label`}>
        {legend}
      </FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map(([option, label]) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={label} />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
      {children}
    </FormControl>
  )
}

/** Who may join, how posts are published, and the wall's rules (issue 38), phone first. */
export function CommunityRulesFields({ values, errors, onChange }: Props) {
  const numberInput = { inputMode: 'numeric', pattern: '[0-9]*' } as const
  return (
    <Stack spacing={3} component="section" aria-labelledby="community-rules-title">
      <Typography id="community-rules-title" variant="h6" component="h3">
        Rules
      </Typography>
      <Choice
        id="community-join"
        legend="Who may join"
        value={values.join}
        error={errors.get('join')}
        onChange={(join) => onChange({ join })}
        options={[
          ['open', 'Anyone'],
          ['invite', 'Only with an invite link'],
          ['approval', 'Anyone, once a moderator approves them'],
        ]}
      />
      <Choice
        id="community-publish"
        legend="How public posts are published"
        value={values.publish}
        error={errors.get('publish')}
        onChange={(publish) => onChange({ publish })}
        options={[
          ['at_once', 'At once'],
          ['first_posts', 'A new member’s first posts are reviewed first'],
          ['all', 'Every public post is reviewed first'],
        ]}
      >
        {values.publish === 'first_posts' && (
          <TextField
            id="community-first_posts_held"
            label="First posts reviewed"
            value={values.first_posts_held}
            onChange={(event) => onChange({ first_posts_held: event.target.value })}
            error={errors.has('first_posts_held')}
            helperText={
              errors.get('first_posts_held') ??
              `From 0 to ${COMMUNITY_LIMITS.firstPostsHeldMax}. Private-group posts are never held.`
            }
            slotProps={{ htmlInput: numberInput }}
            sx={{ mt: 1, maxWidth: 240 }}
          />
        )}
      </Choice>
      <FormControl error={errors.has('show_prayer_counts')}>
        <FormControlLabel
          control={
            <Switch
              checked={values.show_prayer_counts}
              onChange={(event) => onChange({ show_prayer_counts: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': 'community-counts-help' } }}
            />
          }
          label="Show prayer counts on the wall"
        />
        <FormHelperText id="community-counts-help">
          {errors.get('show_prayer_counts') ??
            'When off, only a request’s author sees how many prayed for it.'}
        </FormHelperText>
      </FormControl>
      <FormControl error={errors.has('anonymous_posting')}>
        <FormControlLabel
          control={
            <Switch
              checked={values.anonymous_posting}
              onChange={(event) => onChange({ anonymous_posting: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': 'community-anonymous-help' } }}
            />
          }
          label="Allow anonymous posts"
        />
        <FormHelperText id="community-anonymous-help">
          {errors.get('anonymous_posting') ??
            'When off, new posts carry the author’s name; earlier anonymous posts stay anonymous.'}
        </FormHelperText>
      </FormControl>
      <Choice
        id="community-auto_close"
        legend="Close open requests automatically"
        value={values.auto_close}
        error={undefined}
        onChange={(auto_close) =>
          onChange({
            auto_close,
            ...(auto_close === 'after' && values.auto_close_days === ''
              ? { auto_close_days: SUGGESTED_AUTO_CLOSE_DAYS }
              : {}),
          })
        }
        options={[
          ['never', 'Never'],
          ['after', 'After a number of days without activity'],
        ]}
      >
        {values.auto_close === 'after' && (
          <TextField
            id="community-auto_close_days"
            label="Days"
            value={values.auto_close_days}
            onChange={(event) => onChange({ auto_close_days: event.target.value })}
            error={errors.has('auto_close_days')}
            helperText={
              errors.get('auto_close_days') ??
              `From ${COMMUNITY_LIMITS.autoCloseDaysMin} to ${COMMUNITY_LIMITS.autoCloseDaysMax}. The author is told and can reopen.`
            }
            slotProps={{ htmlInput: numberInput }}
            sx={{ mt: 1, maxWidth: 240 }}
          />
        )}
      </Choice>
    </Stack>
  )
}
