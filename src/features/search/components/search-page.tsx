import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { SEARCH_QUERY_MAX_LENGTH, type SearchResult, type SearchScope } from '@contract/search'
import { useQueryClient } from '@tanstack/react-query'
import { visuallyHidden } from '@mui/utils'
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react'
import { browserNetwork } from '@/lib/network'
import { useMemberId } from '@/lib/session'
import { useNow } from '@/lib/use-now'
import { useSearch } from '../api/search'
import { searchCachedCards } from '../cached-search'
import { useRecentSearches } from '../recent-searches'
import { SearchResultCard } from './search-result-card'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

const SCOPES: { scope: SearchScope; label: MessageId }[] = [
  { scope: 'all', label: 'Everything' },
  { scope: 'wall', label: 'Prayer wall' },
  { scope: 'testimonies', label: 'Testimonies' },
  { scope: 'prayer-list', label: 'My prayer list' },
  { scope: 'mine', label: 'Mine' },
]

/** Typing waits this long before it searches, so each key does not cost a request. */
export const SEARCH_DEBOUNCE_MS = 300

const subscribe = (onChange: () => void) => browserNetwork.onChange(onChange)
const online = () => browserNetwork.online()

export interface SearchPageProps {
  q: string
  scope: SearchScope
  /** The URL keeps the search, so Back from a result comes back to it. */
  onSearchChange: (search: { q: string; scope: SearchScope }) => void
  hrefOf: (result: SearchResult) => string
  onOpen: (result: SearchResult) => void
}

function announcement(
  t: ReturnType<typeof useT>,
  {
    count,
    more,
    similar,
    offline,
  }: Record<'more' | 'similar' | 'offline', boolean> & { count: number },
) {
  if (count === 0) return t('No results.')
  const results = t(more ? 'Search results (and more)' : 'Search results', { count })
  if (offline) return t('{results} on this device.', { results })
  return t(similar ? '{results} with a similar spelling.' : '{results}.', { results })
}

/**
 * Issue 43, /search: results update as the member types (debounced, the field keeps focus),
 * scope chips, recent searches on the device. Offline it searches the cards already on the
 * device and says so; back online it offers to search again.
 */
export function SearchPage({ q, scope, onSearchChange, hrefOf, onOpen }: SearchPageProps) {
  const t = useT()
  const [text, setText] = useState(q)
  const isOnline = useSyncExternalStore(subscribe, online, () => true)
  const [searchedOffline, setSearchedOffline] = useState(!isOnline)
  const recent = useRecentSearches(useMemberId())
  const queryClient = useQueryClient()
  const now = useNow()
  const fieldId = useId()
  const scopesId = useId()

  useEffect(() => {
    if (!isOnline) setSearchedOffline(true)
  }, [isOnline])

  useEffect(() => {
    if (text === q) return
    const timer = setTimeout(() => onSearchChange({ q: text, scope }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, q, scope, onSearchChange])

  const fromServer = isOnline && !searchedOffline
  const search = useSearch({ q, scope }, fromServer)
  const cached = useMemo(
    () => (fromServer || !q.trim() ? [] : searchCachedCards(queryClient, q, scope)),
    [fromServer, q, scope, queryClient],
  )
  const pages = search.data?.pages ?? []
  const results = fromServer ? pages.flatMap((page) => page.items) : cached
  const similar = fromServer && pages[0]?.matched === 'similar'
  const answered = q.trim() !== '' && (fromServer ? search.isSuccess : true)

  const open = (result: SearchResult) => {
    recent.remember(q)
    onOpen(result)
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto', p: 2 }}>
      <Typography variant="h5" component="h1">
        {t('Search')}
      </Typography>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault()
          recent.remember(text)
          onSearchChange({ q: text, scope })
        }}
      >
        <TextField
          id={fieldId}
          type="search"
          label={t('Search requests and testimonies')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: SEARCH_QUERY_MAX_LENGTH, enterKeyHint: 'search' } }}
          helperText={t('Use "quotes" for a phrase and -word to leave a word out.')}
        />
      </form>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-labelledby={scopesId}
      >
        <Typography id={scopesId} variant="body2" sx={{ alignSelf: 'center' }}>
          {t('Search in')}
        </Typography>
        {SCOPES.map((option) => (
          <Chip
            key={option.scope}
            label={t(option.label)}
            clickable
            color={option.scope === scope ? 'primary' : 'default'}
            variant={option.scope === scope ? 'filled' : 'outlined'}
            aria-pressed={option.scope === scope}
            onClick={() => onSearchChange({ q: text, scope: option.scope })}
          />
        ))}
      </Stack>

      {!isOnline && (
        <Alert severity="info">
          {t(
            'You’re offline: these are matches among the requests and testimonies saved on this device.',
          )}
        </Alert>
      )}
      {isOnline && searchedOffline && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setSearchedOffline(false)}>
              {t('Search again')}
            </Button>
          }
        >
          {t('You’re back online. These results came from this device.')}
        </Alert>
      )}
      {fromServer && search.isError && (
        <Alert severity="error">{t('The search did not answer. Please try again.')}</Alert>
      )}
      {similar && results.length > 0 && (
        <Typography variant="body2">{t('No exact matches. Showing similar spellings.')}</Typography>
      )}

      <Box component="p" role="status" aria-live="polite" sx={visuallyHidden}>
        {answered
          ? announcement(t, {
              count: results.length,
              more: fromServer && search.hasNextPage,
              similar,
              offline: !fromServer,
            })
          : ''}
      </Box>
      {answered && results.length === 0 && (
        <Typography color="textSecondary">
          {t('Nothing found for “{query}”.', { query: q.trim() })}
        </Typography>
      )}

      {results.length > 0 && (
        <Stack
          component="ul"
          spacing={1}
          sx={{ p: 0, m: 0 }}
          aria-label={t('Search results (list)')}
        >
          {results.map((result) => (
            <SearchResultCard
              key={
                result.type === 'intention'
                  ? result.intention.intention_id
                  : result.testimony.testimony_id
              }
              result={result}
              now={now}
              href={hrefOf(result)}
              onOpen={(event) => {
                event.preventDefault()
                open(result)
              }}
            />
          ))}
        </Stack>
      )}
      {fromServer && search.hasNextPage && (
        <Button onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
          {t('More results')}
        </Button>
      )}

      {text.trim() === '' && recent.searches.length > 0 && (
        <Stack spacing={1}>
          <Typography variant="subtitle2" component="h2">
            {t('Recent searches on this device')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {recent.searches.map((search) => (
              <Chip
                key={search}
                label={search}
                clickable
                onClick={() => {
                  setText(search)
                  onSearchChange({ q: search, scope })
                }}
              />
            ))}
          </Stack>
          <Button onClick={recent.clear} sx={{ alignSelf: 'flex-start' }}>
            {t('Clear recent searches')}
          </Button>
        </Stack>
      )}
    </Stack>
  )
}
