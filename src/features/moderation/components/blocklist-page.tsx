import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useLanguage, useT } from '@/i18n/use-t'
import { useBlocklist, useEditBlocklist } from '../api/blocklist'
import { actionErrorMessage, formatDate } from '../moderation-text'
import { AddPhraseForm } from './add-phrase-form'
import { LoadFailed } from './load-failed'
import { LoadingLine } from './loading-line'

/** /moderation/blocklist: words and phrases the content policy refuses, on top of its own list. */
export function BlocklistPage() {
  const t = useT()
  const language = useLanguage()
  const blocklist = useBlocklist()
  const { add, remove } = useEditBlocklist()
  const phrases = blocklist.data?.phrases ?? []
  const removing = remove.isPending ? remove.variables.phrase : null

  return (
    <Stack spacing={3}>
      <Paper
        component="section"
        aria-labelledby="add-phrase-title"
        variant="outlined"
        sx={{ p: 2 }}
      >
        <Typography id="add-phrase-title" variant="h6" component="h2" gutterBottom>
          {t('Block a word or phrase')}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {t(
            'New posts, comments and testimonies containing it are refused at once. Posts already published are not changed.',
          )}
        </Typography>
        <AddPhraseForm onAdd={(phrase) => add.mutateAsync({ phrase })} />
      </Paper>
      <section aria-labelledby="blocked-phrases-title">
        <Typography id="blocked-phrases-title" variant="h6" component="h2">
          {t('Blocked phrases')}
        </Typography>
        {blocklist.isPending && <LoadingLine label={t('Loading blocked phrases…')} />}
        {blocklist.isError && (
          <LoadFailed
            title={t('Could not load blocked phrases.')}
            error={blocklist.error}
            onRetry={() => void blocklist.refetch()}
          />
        )}
        {blocklist.isSuccess && phrases.length === 0 && (
          <Typography color="textSecondary">{t('No phrases added yet.')}</Typography>
        )}
        {remove.isError && (
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {t('Could not remove a phrase', {
              phrase: remove.variables.phrase,
              reason: actionErrorMessage(remove.error),
            })}
          </Alert>
        )}
        <List>
          {phrases.map((entry) => (
            <ListItem
              key={entry.phrase}
              divider
              secondaryAction={
                <Button
                  onClick={() => remove.mutate({ phrase: entry.phrase })}
                  disabled={removing !== null}
                  aria-label={t('Remove a phrase (button)', { phrase: entry.phrase })}
                >
                  {removing === entry.phrase ? t('Removing…') : t('Remove (a blocked phrase)')}
                </Button>
              }
            >
              <ListItemText
                primary={entry.phrase}
                secondary={
                  entry.addedBy
                    ? t('Phrase added by someone on a date', {
                        name: entry.addedBy,
                        date: formatDate(entry.createdAt, language),
                      })
                    : t('Phrase added on a date', { date: formatDate(entry.createdAt, language) })
                }
              />
            </ListItem>
          ))}
        </List>
      </section>
    </Stack>
  )
}
