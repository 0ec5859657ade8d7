import { describe, expect, it } from 'vitest'
import { createContentPolicy } from './content-policy'

const policy = createContentPolicy()

describe('profanity (obscenity, English set)', () => {
  it.each([
    'What the fuck is going on',
    'this is shit',
    'sh1t happens',
    'shiiiiit',
    'f*ck this',
    'fvck',
    'you b1tch',
    'a$$hole',
    's h i t',
    'f.u.c.k.',
    'c u n t',
  ])('rejects %j', (text) => {
    expect(policy.check(text)).toEqual({ ok: false, reason: 'profanity', crisis: false })
  })
})

describe('false positives a faith community must not hit', () => {
  it.each([
    'Pray for our friends in Scunthorpe',
    'Thank you for your assistance with the move',
    'My Bible study class starts Tuesday',
    'No cocktail parties for me this Lent',
    'The gates of hell shall not prevail against it (Matthew 16:18)',
    'He feared damnation all his life, pray he finds grace',
    'Please pray for my sister, diagnosed with breast cancer',
    'I am a sexual abuse survivor and need strength today',
    'Pray for the victims of sex trafficking in our city',
    'I was raped years ago and still struggle to forgive',
    'Please pray for freedom from my porn addiction',
    'Before the cock crow, thou shalt deny me thrice',
    'They made the ark of shittim wood',
    "And the LORD opened the mouth of Balaam's ass",
    'Ye pay tithe of mint and anise and cumin',
    'She graduated magna cum laude, thank God',
    'We are analysing the therapist notes, assess and assist',
    'Plan B is to trust God',
  ])('allows %j', (text) => {
    expect(policy.check(text).ok).toBe(true)
  })
})

describe('blocklist', () => {
  it('matches whole words, case- and accent-insensitive, with leetspeak and stretching folded', () => {
    const local = createContentPolicy({ extraBlockedTerms: ['scam', 'false prophet'] })
    for (const text of [
      'What a SCAM',
      'scäm',
      'sc4m',
      'scaaaam!',
      's c a m',
      'He is a false   prophet',
    ]) {
      expect(local.check(text)).toEqual({ ok: false, reason: 'blocked_term', crisis: false })
    }
    for (const text of ['scampi for dinner', 'a false start', 'prophet Isaiah']) {
      expect(local.check(text).ok).toBe(true)
    }
  })

  it('applies terms set at runtime to the next check, without a restart', () => {
    const local = createContentPolicy()
    expect(local.check('Buy crypto now').ok).toBe(true)
    local.setBlockedTerms(['crypto'])
    expect(local.check('Buy crypto now')).toMatchObject({ ok: false, reason: 'blocked_term' })
    local.setBlockedTerms([])
    expect(local.check('Buy crypto now').ok).toBe(true)
  })

  it('lets allowed terms through both the blocklist and the profanity list', () => {
    const local = createContentPolicy({
      extraBlockedTerms: ['beast'],
      allowedTerms: ['mark of the beast'],
    })
    expect(local.check('Revelation speaks of the mark of the beast').ok).toBe(true)
    expect(local.check('You beast').ok).toBe(false)
    expect(local.check('the great whore of Revelation 17').ok).toBe(false)
    local.setAllowedTerms(['great whore'])
    expect(local.check('the great whore of Revelation 17').ok).toBe(true)
  })
})

describe('link spam', () => {
  it('allows up to the configured number of distinct links', () => {
    expect(policy.check('Read https://www.biblegateway.com/passage and www.usccb.org').ok).toBe(
      true,
    )
    expect(policy.check('a.com/1 b.org/2 c.net/3')).toEqual({
      ok: false,
      reason: 'link_spam',
      crisis: false,
    })
    expect(createContentPolicy({ maxLinks: 0 }).check('see example.org').ok).toBe(false)
  })

  it('refuses shorteners, repeated links and banned domains, even without a scheme', () => {
    expect(policy.check('Prayer resources: bit.ly/3xYz')).toMatchObject({ reason: 'link_spam' })
    expect(policy.check('https://example.org/x and again https://example.org/x')).toMatchObject({
      reason: 'link_spam',
    })
    const local = createContentPolicy({ bannedDomains: ['cheap-meds.shop'] })
    expect(local.check('visit promo.cheap-meds.shop')).toMatchObject({ reason: 'link_spam' })
    local.setBannedDomains([])
    expect(local.check('visit promo.cheap-meds.shop').ok).toBe(true)
  })

  it('does not count emails, verse references or abbreviations as links', () => {
    expect(
      policy.check('Write to pastor@church.org about Acts 2.38, e.g. on Sunday, a.m.').ok,
    ).toBe(true)
  })
})

describe('crisis detection (never rejects)', () => {
  it.each([
    'I want to die',
    'I just want to kill myself',
    "I don't want to live anymore",
    'thinking about su1c1de',
    'I keep hurting myself and I am ashamed',
    'Self-harm has been my secret for years',
    'there is no reason to live',
    'I want to diiiie',
    'k i l l myself',
    'I want to end my life',
  ])('flags %j and lets it through', (text) => {
    expect(policy.check(text)).toEqual({ ok: true, crisis: true })
  })

  it.each([
    'I am dying to see my grandchildren',
    'Jesus died for us',
    'Please pray, my skill at work is tested',
  ])('does not flag %j', (text) => {
    expect(policy.check(text)).toEqual({ ok: true, crisis: false })
  })

  it('still reports crisis on a rejected text, so help is shown even then', () => {
    expect(policy.check('fuck it, I want to die')).toEqual({
      ok: false,
      reason: 'profanity',
      crisis: true,
    })
  })

  it('uses the configured phrase list, replaceable at runtime', () => {
    const local = createContentPolicy({ crisisPhrases: ['giving up'] })
    expect(local.check('I am giving up').crisis).toBe(true)
    expect(local.check('I want to die').crisis).toBe(false)
    local.setCrisisPhrases(['want to die'])
    expect(local.check('I want to die').crisis).toBe(true)
  })
})
