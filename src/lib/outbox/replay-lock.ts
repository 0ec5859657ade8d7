// One replay at a time per user, across every tab (DESIGN §6): `navigator.locks` where the
// browser has it. A second caller waits its turn and then finds the entries the first one
// sent already gone, so nothing is sent twice. Without Web Locks (older browsers, jsdom) the
// same holds within the page through a promise chain.

const tails = new Map<string, Promise<unknown>>()

function withPageLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const before = tails.get(name) ?? Promise.resolve()
  const result = before.then(run, run)
  const tail = result.catch(() => undefined)
  tails.set(name, tail)
  void tail.then(() => {
    if (tails.get(name) === tail) tails.delete(name)
  })
  return result
}

export function withReplayLock<T>(userId: string, run: () => Promise<T>): Promise<T> {
  const name = `outbox-replay:${userId}`
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (locks?.request) return locks.request(name, run) as Promise<T>
  return withPageLock(name, run)
}
