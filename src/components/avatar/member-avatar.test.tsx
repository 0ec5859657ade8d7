import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AVATAR_COLOURS, MemberAvatar, avatarColourOf } from './member-avatar'

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255)
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}

describe('MemberAvatar', () => {
  it.each(AVATAR_COLOURS)('white initials on %s keep AA contrast', (colour) => {
    expect((1 + 0.05) / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5)
  })

  it('gives a member the same colour every time', () => {
    expect(avatarColourOf('Thankful Carmel 90')).toBe(avatarColourOf('Thankful Carmel 90'))
  })

  it('shows initials for a named author and no letters for an anonymous one', () => {
    const { container, rerender } = render(<MemberAvatar displayName="Thankful Carmel 90" />)
    expect(container).toHaveTextContent('TC')
    rerender(<MemberAvatar displayName="Anonymous" anonymous />)
    expect(container).not.toHaveTextContent('A')
    expect(screen.queryByText(/\w/)).toBeNull()
  })
})
