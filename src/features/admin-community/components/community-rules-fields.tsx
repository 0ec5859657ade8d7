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
import { type MessageId, translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
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
  options: readonly [T, MessageId][]
  error: string | undefined
  onChange: (value: T) => void
  children?: ReactNode
}) {
  const t = useT()
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
          <FormControlLabel key={option} value={option} control={<Radio />} label={t(label)} />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{translateText(error)}</FormHelperText>}
      {children}
    </FormControl>
  )
}

/** Who may join, how posts are published, and the wall's rules (issue 38), phone first. */
export function CommunityRulesFields({ values, errors, onChange }: Props) {
  const t = useT()
  const numberInput = { inputMode: 'numeric', pattern: '[0-9]*' } as const
  return (
    <Stack spacing={3} component="section" aria-labelledby="community-rules-title">
      <Typography id="community-rules-title" variant="h6" component="h3">
        {t('Rules')}
      </Typography>
      <Choice
        id="community-join"
        legend={t('Who may join')}
        value={values.join}
        error={errors.get('join')}
        onChange={(join) => onChange({ join })}
        options={[
          ['open', 'Anyone (who may join)'],
          ['invite', 'Only with an invite link'],
          ['approval', 'Anyone, once a moderator approves them'],
        ]}
      />
      <Choice
        id="community-publish"
        legend={t('How public posts are published')}
        value={values.publish}
        error={errors.get('publish')}
        onChange={(publish) => onChange({ publish })}
        options={[
          ['at_once', 'At once (publishing)'],
          ['first_posts', 'A new member’s first posts are reviewed first'],
          ['all', 'Every public post is reviewed first'],
        ]}
      >
        {values.publish === 'first_posts' && (
          <TextField
            id="community-first_posts_held"
            label={t('First posts reviewed')}
            value={values.first_posts_held}
            onChange={(event) => onChange({ first_posts_held: event.target.value })}
            error={errors.has('first_posts_held')}
            helperText={
              errors.get('first_posts_held') ??
              t('From 0 to {max}. Private-group posts are never held.', {
                max: COMMUNITY_LIMITS.firstPostsHeldMax,
              })
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
          label={t('Show prayer counts on the wall')}
        />
        <FormHelperText id="community-counts-help">
          {errors.get('show_prayer_counts') ??
            t('When off, only a request’s author sees how many prayed for it.')}
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
          label={t('Allow anonymous posts')}
        />
        <FormHelperText id="community-anonymous-help">
          {errors.get('anonymous_posting') ??
            t(
              'When off, new posts carry the author’s name; earlier anonymous posts stay anonymous.',
            )}
        </FormHelperText>
      </FormControl>
      <Choice
        id="community-auto_close"
        legend={t('Close open requests automatically')}
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
          ['never', 'Never (closing requests)'],
          ['after', 'After a number of days without activity'],
        ]}
      >
        {values.auto_close === 'after' && (
          <TextField
            id="community-auto_close_days"
            label={t('Days')}
            value={values.auto_close_days}
            onChange={(event) => onChange({ auto_close_days: event.target.value })}
            error={errors.has('auto_close_days')}
            helperText={
              errors.get('auto_close_days') ??
              t('From {min} to {max}. The author is told and can reopen.', {
                min: COMMUNITY_LIMITS.autoCloseDaysMin,
                max: COMMUNITY_LIMITS.autoCloseDaysMax,
              })
            }
            slotProps={{ htmlInput: numberInput }}
            sx={{ mt: 1, maxWidth: 240 }}
          />
        )}
      </Choice>
    </Stack>
  )
}
