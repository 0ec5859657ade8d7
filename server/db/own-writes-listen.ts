import pg from 'pg'

// ListenOptions.ownWritesFirst (client.ts): every pooled connection LISTENs on the channel, so
// the connection that wrote gets the notification before its COMMIT (or autocommitted
// statement) is answered. A connection catches up on the channels it does not listen to yet
// each time it is handed out, before any statement of its borrower: a connection that was
// checked out or still opening when a channel was added (at startup, beside other work) would
// otherwise never hear it, and its process would keep the old settings or session after its
// own write until the listening connection's copy arrived, after the answer.

export const listenStatement = (channel: string) => `listen ${pg.escapeIdentifier(channel)}`

/** The channels this process's own writes must be heard on, and whom each one tells. */
export function ownWritesChannels() {
  // Several caches may listen on one channel (the community's settings and icons do).
  const channels = new Map<string, Set<(payload: string) => void>>()
  const heard = new WeakMap<pg.ClientBase, Set<string>>()

  async function catchUp(client: pg.ClientBase, done: Set<string>) {
    for (const channel of channels.keys()) {
      if (done.has(channel)) continue
      await client.query(listenStatement(channel))
      done.add(channel)
    }
  }

  return {
    add(channel: string, onNotify: (payload: string) => void) {
      const told = channels.get(channel) ?? new Set()
      channels.set(channel, told.add(onNotify))
    },
    /** A new connection: tells the channels' listeners of its notifications, and listens. */
    opened(client: pg.ClientBase): Promise<void> {
      const done = new Set<string>()
      heard.set(client, done)
      client.on('notification', (message) => {
        for (const onNotify of channels.get(message.channel) ?? []) onNotify(message.payload ?? '')
      })
      return catchUp(client, done)
    },
    /** A connection about to be handed out: undefined when it listens to every channel already. */
    beforeHandOut(client: pg.ClientBase): Promise<void> | undefined {
      const done = heard.get(client)
      if (!done || done.size === channels.size) return undefined
      return catchUp(client, done)
    },
  }
}
