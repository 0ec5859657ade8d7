import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { outer } from './outer-column'

const posts = pgTable('posts', { id: uuid('id').primaryKey(), title: text('title') })
const likes = pgTable('likes', {
  id: uuid('id').primaryKey(),
  postId: uuid('post_id'),
  n: integer('n'),
})

describe('outer()', () => {
  it('qualifies the outer column inside a correlated subquery of a one-table query', () => {
    const db = drizzle.mock()
    const liked = (postId: Parameters<typeof outer>[0]) =>
      sql`exists (select 1 from ${likes} where ${likes.postId} = ${postId})`
    const unqualified = db
      .select({ liked: liked(posts.id) })
      .from(posts)
      .toSQL().sql
    // What drizzle writes without it: "id" here is likes.id.
    expect(unqualified).toContain('"post_id" = "id"')
    const qualified = db
      .select({ liked: liked(outer(posts.id)) })
      .from(posts)
      .toSQL().sql
    expect(qualified).toContain('"post_id" = "posts"."id"')
  })

  it('passes values and SQL through', () => {
    expect(outer('a-user-id')).toBe('a-user-id')
    const fragment = sql`1`
    expect(outer(fragment)).toBe(fragment)
  })
})
