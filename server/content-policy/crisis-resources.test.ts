import { SupportBlockSchema } from '@contract/content-policy'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CRISIS_SUPPORT } from './crisis-resources'

describe('default crisis support block', () => {
  it('is a valid wire block with an international directory first and the named lines', () => {
    const block = SupportBlockSchema.parse(DEFAULT_CRISIS_SUPPORT)
    expect(block.resources[0]?.url).toBe('https://findahelpline.com')
    expect(block.resources.map((resource) => [resource.name, resource.phone])).toEqual(
      expect.arrayContaining([
        ['988 Suicide & Crisis Lifeline (US)', '988'],
        ['Samaritans (UK and Ireland)', '116 123'],
        ['Befrienders Worldwide', undefined],
      ]),
    )
  })
})
