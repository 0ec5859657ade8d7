import { describe, expect, it } from 'vitest'
import { COMMUNITY_DEFAULTS } from './community-defaults'
import {
  COMMUNITY_MESSAGES,
  CommunitySettingsSchema,
  contrastWithWhite,
  UpdateCommunityBodySchema,
} from './community'

function messages(body: unknown): Record<string, string> {
  const result = UpdateCommunityBodySchema.safeParse(body)
  if (result.success) return {}
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  )
}

describe('community settings', () => {
  it('takes the defaults as a whole and any subset as an update', () => {
    expect(CommunitySettingsSchema.parse(COMMUNITY_DEFAULTS)).toEqual(COMMUNITY_DEFAULTS)
    expect(UpdateCommunityBodySchema.parse({ name: '  St Mary’s  ' })).toEqual({
      name: 'St Mary’s',
    })
  })

  it('measures white text on a colour as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21)
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1)
    // #767676 is the lightest grey that passes AA on white.
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5)
    expect(contrastWithWhite('#777777')).toBeLessThan(4.5)
  })

  it('names each bad field with its own message', () => {
    expect(
      messages({
        name: '   ',
        short_name: 'St\u0007M',
        theme_color: 'red',
        description: 'One.\n\nTwo.',
        first_posts_held: 11,
        auto_close_days: 7,
        join: 'closed',
      }),
    ).toMatchObject({
      name: COMMUNITY_MESSAGES.nameRequired,
      short_name: COMMUNITY_MESSAGES.hiddenCharacters,
      theme_color: COMMUNITY_MESSAGES.colourFormat,
      description: COMMUNITY_MESSAGES.descriptionOneParagraph,
      first_posts_held: COMMUNITY_MESSAGES.firstPostsHeld,
      auto_close_days: COMMUNITY_MESSAGES.autoCloseDays,
    })
    expect(messages({ theme_color: '#FFD700' })).toEqual({
      theme_color: COMMUNITY_MESSAGES.colourContrast,
    })
    expect(messages({ name: 'St\u200BMary' })).toEqual({
      name: COMMUNITY_MESSAGES.hiddenCharacters,
    })
    expect(messages({ colour: '#000000' })).not.toEqual({})
  })

  it('keeps a colour in lower case and a blank welcome as none', () => {
    expect(UpdateCommunityBodySchema.parse({ theme_color: '#1F2A55', welcome: '  ' })).toEqual({
      theme_color: '#1f2a55',
      welcome: null,
    })
  })
})
