import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '@/testing/render-route'

describe('not-found page', () => {
  it('says "Page not found" for an unknown path, inside the main layout', async () => {
    renderRoute('/no/such/page')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('main')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Features' })).toBeInTheDocument()
  })

  it('renders once even under a nested layout path', async () => {
    renderRoute('/prayerwall/not-a-page')
    await screen.findByRole('heading', { level: 1, name: 'Page not found' })
    expect(screen.getAllByRole('main')).toHaveLength(1)
  })

  it('links back home', async () => {
    const user = userEvent.setup()
    renderRoute('/missing')
    await user.click(await screen.findByRole('link', { name: 'Go to the home page' }))
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'A safe, reverent space to pray together',
      }),
    ).toBeInTheDocument()
  })
})
