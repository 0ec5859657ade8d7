import 'fake-indexeddb/auto'
import { INTENTION_MESSAGES } from '@contract/intentions'
import { TAG_MESSAGES } from '@contract/tags'
import { screen, waitFor } from '@testing-library/react'
import { clear } from 'idb-keyval'
import { beforeEach, describe, expect, it } from 'vitest'
import { fillValidComposer, setupComposer as setup } from './composer.fixture'

beforeEach(async () => {
  await clear()
})

describe('Create Prayer Request: fields (spec 001 §5)', () => {
  it('shows the title rules on the trimmed text, with a remaining counter', async () => {
    const { user } = setup()
    const title = await screen.findByRole('textbox', { name: /title/i })
    await user.type(title, `  ${'a'.repeat(24)}  `)
    await user.tab()
    expect(screen.getByText(INTENTION_MESSAGES.titleTooShort)).toBeInTheDocument()
    await user.type(title, 'b')
    expect(screen.queryByText(INTENTION_MESSAGES.titleTooShort)).not.toBeInTheDocument()
    expect(screen.getByText('93 characters remaining')).toBeInTheDocument()
    await user.clear(title)
    await user.click(title)
    await user.paste('c'.repeat(121))
    expect(screen.getByText(INTENTION_MESSAGES.titleTooLong)).toBeInTheDocument()
    await user.type(title, '{Backspace}')
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument()
  })

  it('asks for 70 characters of details and counts down from 2000 while allowing 2200 typed', async () => {
    const { user } = setup()
    const details = await screen.findByRole('textbox', { name: /details/i })
    expect(details).toHaveAttribute('maxlength', '2200')
    await user.click(details)
    await user.paste('d'.repeat(69))
    await user.tab()
    expect(screen.getByText(INTENTION_MESSAGES.detailsTooShort)).toBeInTheDocument()
    await user.type(details, 'e')
    expect(screen.queryByText(INTENTION_MESSAGES.detailsTooShort)).not.toBeInTheDocument()
    expect(screen.getByText('1930 characters remaining')).toBeInTheDocument()
    await user.paste('f'.repeat(1931))
    expect(screen.getByText(INTENTION_MESSAGES.detailsTooLong)).toBeInTheDocument()
  })

  it('keeps Submit disabled until the request is valid', async () => {
    const { user } = setup()
    const submit = await screen.findByRole('button', { name: 'Submit' })
    expect(submit).toBeDisabled()
    await fillValidComposer(user)
    expect(submit).toBeEnabled()
  })
})

describe('Create Prayer Request: tags (spec 001 §4, §5, §9)', () => {
  it('normalises typed tags, ignores duplicates and disables the input at 5', async () => {
    const { user } = setup()
    const input = await screen.findByRole('combobox', { name: 'Tags' })
    for (const tag of ['Prière!', 'prière', 'Job  Search', 'a', 'b', 'c'])
      await user.type(input, `${tag}{Enter}`)
    for (const chip of ['priere', 'job search', 'a', 'b', 'c'])
      expect(screen.getByRole('button', { name: chip })).toBeInTheDocument()
    expect(screen.getByText(TAG_MESSAGES.tooMany)).toBeInTheDocument()
    expect(input).toBeDisabled()
  })

  it('offers popular tags first, then searches after a 250 ms pause, never showing chosen ones', async () => {
    const { user, api } = setup({
      'GET /api/v1/tags?search=hea&limit=8': { json: ['healing', 'health', 'heart'] },
    })
    const input = await screen.findByRole('combobox', { name: 'Tags' })
    await user.click(input)
    expect(await screen.findByRole('option', { name: 'family' })).toBeInTheDocument()
    expect(api.requests.some((request) => request.path === '/api/v1/tags?limit=10')).toBe(true)
    await user.click(screen.getByRole('option', { name: 'healing' }))
    await user.type(input, 'hea')
    expect(await screen.findByRole('option', { name: 'health' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'healing' })).not.toBeInTheDocument()
    const searches = api.requests.filter((request) =>
      request.path.startsWith('/api/v1/tags?search='),
    )
    expect(searches.map((request) => request.path)).toEqual(['/api/v1/tags?search=hea&limit=8'])
  })
})

describe('Create Prayer Request: destination and identity (spec 001 §2, §4)', () => {
  it('disables Private Group without groups and says how to get one', async () => {
    setup()
    expect(
      await screen.findByText(/Join or create a group to post privately\./),
    ).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Private Group' })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'Create a group' })).toHaveAttribute('href', '/groups')
  })

  it('switches between the anonymous toggle and the identity select, keeping anonymous', async () => {
    const { user } = setup({}, [
      {
        id: '0190f6f0-0000-7000-8000-0000000000aa',
        name: 'Night Watch',
        description: null,
        invite_code: 'ABCD2345',
        role: 'admin',
      },
    ])
    expect(
      await screen.findByText('Visible to everyone on the Wall. You can post anonymously.'),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Posting as Gentle Dove' })).toBeInTheDocument(),
    )
    const privateRadio = await screen.findByRole('radio', { name: 'Private Group' })
    await waitFor(() => expect(privateRadio).toBeEnabled())
    await user.click(privateRadio)
    expect(screen.getByRole('combobox', { name: /identity/i })).toHaveTextContent(
      'First + Last Name',
    )
    expect(screen.getByRole('heading', { name: 'Posting as Ann Lee' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: /group/i })).toHaveTextContent('Choose a group')
    await user.click(screen.getByRole('combobox', { name: /group/i }))
    await user.click(await screen.findByRole('option', { name: 'Night Watch' }))
    expect(screen.getByText('Visible only to members of Night Watch.')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Public Wall' }))
    await user.click(screen.getByRole('switch', { name: 'Anonymous' }))
    await user.click(screen.getByRole('radio', { name: 'Private Group' }))
    expect(screen.getByRole('combobox', { name: /identity/i })).toHaveTextContent('Anonymous')
    expect(screen.getByRole('heading', { name: 'Posting as Anonymous' })).toBeInTheDocument()
  })
})
