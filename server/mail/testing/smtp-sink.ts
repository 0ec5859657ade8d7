import { createServer, type Socket } from 'node:net'

// A local SMTP server for tests that run the real server in a child process with SMTP_URL: it
// keeps what it receives, and can hold a connection before its greeting, which is the moment a
// mail is being sent and not yet accepted (the crash tests kill the sender there).

export interface ReceivedMail {
  to: string[]
  messageId: string | null
  subject: string | null
  /** The message as sent (headers and body), for its links. */
  data: string
}

export interface SmtpSink {
  port: number
  received: ReceivedMail[]
  /** Hold every new connection, unanswered, until `release`; resolves at the first held one. */
  hold(): Promise<void>
  release(): void
  close(): Promise<void>
}

const header = (data: string, name: string) =>
  new RegExp(`^${name}:\\s*(.+(?:\\r\\n[ \\t].+)*)`, 'im')
    .exec(data)?.[1]
    ?.replace(/\r\n[ \t]/g, ' ') ?? null

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = []
  const sockets = new Set<Socket>()
  let holding: (() => void) | null = null

  function converse(socket: Socket) {
    const reply = (line: string) => socket.write(`${line}\r\n`)
    let buffer = ''
    let to: string[] = []
    let data: string[] | null = null
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      let end: number
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line)
            continue
          }
          const text = data.join('\r\n')
          received.push({
            to,
            messageId: header(text, 'Message-ID'),
            subject: header(text, 'Subject'),
            data: text,
          })
          data = null
          to = []
          reply('250 2.0.0 kept')
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink')
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 ok')
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
          reply('250 2.1.5 ok')
        } else if (verb === 'DATA') {
          data = []
          reply('354 go on')
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye')
          socket.end()
        } else reply('502 5.5.2 not here')
      }
    })
    reply('220 sink ESMTP')
  }

  let heldSockets: Socket[] = []
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => sockets.delete(socket))
    if (holding) {
      heldSockets.push(socket)
      holding()
      return
    }
    converse(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    received,
    hold: () => new Promise<void>((resolve) => (holding = resolve)),
    release() {
      holding = null
      for (const socket of heldSockets) if (!socket.destroyed) converse(socket)
      heldSockets = []
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
