import type { Community, JoinMode, PublishMode, UpdateCommunityBody } from '@contract/community'

// The community's rules on /admin/community (issue 38), as the form holds them: numbers as
// typed (the server's 400 names a bad one at its field), "never" apart from the days.
export type RuleValues = {
  join: JoinMode
  publish: PublishMode
  first_posts_held: string
  show_prayer_counts: boolean
  anonymous_posting: boolean
  auto_close: 'never' | 'after'
  auto_close_days: string
}

/** Days offered when an admin turns automatic closing on. */
export const SUGGESTED_AUTO_CLOSE_DAYS = '90'

export function ruleValues(community: Community): RuleValues {
  return {
    join: community.join,
    publish: community.publish,
    first_posts_held: String(community.first_posts_held),
    show_prayer_counts: community.show_prayer_counts,
    anonymous_posting: community.anonymous_posting,
    auto_close: community.auto_close_days === null ? 'never' : 'after',
    auto_close_days: community.auto_close_days === null ? '' : String(community.auto_close_days),
  }
}

/** A whole number as a number; anything else as typed, for the server to refuse by name. */
const typedNumber = (typed: string): number =>
  (/^\s*\d+\s*$/.test(typed) ? Number(typed) : typed) as number

/** The update's rule keys for what changed (the update is partial). */
export function rulesBody(changed: ReadonlySet<string>, values: RuleValues): UpdateCommunityBody {
  const body: UpdateCommunityBody = {}
  if (changed.has('join')) body.join = values.join
  if (changed.has('publish')) body.publish = values.publish
  if (changed.has('first_posts_held')) body.first_posts_held = typedNumber(values.first_posts_held)
  if (changed.has('show_prayer_counts')) body.show_prayer_counts = values.show_prayer_counts
  if (changed.has('anonymous_posting')) body.anonymous_posting = values.anonymous_posting
  if (changed.has('auto_close') || changed.has('auto_close_days'))
    body.auto_close_days =
      values.auto_close === 'never' ? null : typedNumber(values.auto_close_days)
  return body
}
