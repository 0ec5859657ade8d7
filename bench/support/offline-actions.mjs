// The 500 writes `npm run bench:offline` queues, as outbox entries in the app's own format
// (src/lib/outbox/outbox-entry.ts), and the end state they must leave on the server. Five per
// intention: Amen (set on even intentions; removed on odd ones, said online beforehand), a
// candle lit, a prayer, a like on the author's comment, and either an Amen on that comment or,
// on every fifth intention, a new comment.

const PER_INTENTION = 5

function targetOf(write, entryId) {
  switch (write.kind) {
    case 'pray':
      return `intention:${write.intentionId}:pray`
    case 'intention-reaction':
      return `intention:${write.intentionId}:${write.reaction}`
    case 'comment-reaction':
      return `comment:${write.commentId}:${write.reaction}`
    case 'comment':
      return `intention:${write.intentionId}:comment:${entryId}`
  }
  throw new Error(`no target for ${write.kind}`)
}

function writesFor({ id, commentId }, at) {
  return [
    { kind: 'intention-reaction', intentionId: id, reaction: 'amen', active: at % 2 === 0 },
    { kind: 'intention-reaction', intentionId: id, reaction: 'candle', active: true },
    { kind: 'pray', intentionId: id },
    { kind: 'comment-reaction', intentionId: id, commentId, reaction: 'like', active: true },
    at % 5 === 0
      ? { kind: 'comment', intentionId: id, content: `Written offline for you (${at + 1}).` }
      : { kind: 'comment-reaction', intentionId: id, commentId, reaction: 'amen', active: true },
  ]
}

/** `count` entries over the intentions, and the intentions whose Amen is said beforehand. */
export function makeActions(intentions, count) {
  if (intentions.length * PER_INTENTION < count) throw new Error('too few intentions')
  const used = intentions.slice(0, Math.ceil(count / PER_INTENTION))
  const now = Date.now()
  const entries = used
    .flatMap((intention, at) => writesFor(intention, at))
    .slice(0, count)
    .map((write, order) => {
      const id = crypto.randomUUID()
      return {
        id,
        key: crypto.randomUUID(),
        target: targetOf(write, id),
        write,
        createdAt: now + order,
        attempts: 0,
        lastError: null,
        retryAt: null,
      }
    })
  const preset = used.filter((_, at) => at % 2 === 1)
  return { entries, preset }
}

/** Per intention, what the reader must see once every entry reached the server once. */
export function expectedEndState(intentions, { entries, preset }) {
  const presetIds = new Set(preset.map((intention) => intention.id))
  return intentions.map(({ id, commentId }) => {
    const mine = entries.map((entry) => entry.write).filter((write) => write.intentionId === id)
    const final = (kind, reaction, fallback) =>
      mine.find((write) => write.kind === kind && write.reaction === reaction)?.active ?? fallback
    const comments = mine.filter((write) => write.kind === 'comment').length
    const onComment = (reaction) =>
      mine.some(
        (write) =>
          write.kind === 'comment-reaction' &&
          write.commentId === commentId &&
          write.reaction === reaction &&
          write.active,
      )
    return {
      amen: Number(final('intention-reaction', 'amen', presetIds.has(id))),
      candle: Number(final('intention-reaction', 'candle', false)),
      prayed: Number(mine.some((write) => write.kind === 'pray')),
      comments: 1 + comments,
      mine: comments,
      likes: Number(onComment('like')),
      amens: Number(onComment('amen')),
    }
  })
}
