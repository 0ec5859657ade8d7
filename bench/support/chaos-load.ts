// bench:chaos's simulated members (bench/chaos.run.ts): each reads the wall and writes as the
// app's outbox does, and every answer is counted by the phase of the fault it came in.
import type { HubConnection } from '@microsoft/signalr'

export type Phase = 'during' | 'after'
export interface Outcome {
  phase: Phase | 'before'
  status: number | 'error'
}
export interface Member {
  cookie: string
  hub: HubConnection | null
  transport: 'WebSockets' | 'LongPolling'
  reconnects: number[]
  counters: Map<string, number>
  sync: boolean
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export class Load {
  phase: Outcome['phase'] = 'before'
  outcomes: Outcome[] = []
  /** Comment markers answered 2xx (directly or in a sync result): each must be kept, once. */
  acknowledged = new Set<string>()
  running = true
  private seq = 0
  constructor(
    readonly url: string,
    private readonly members: Member[],
    private readonly intentions: string[],
  ) {}

  private record(status: number | 'error') {
    this.outcomes.push({ phase: this.phase, status })
  }

  /**
   * One call as the app's outbox makes it (src/lib/outbox/replay-outbox.ts): the same
   * Idempotency-Key on every retry, after a 5xx, a network error or 409 "still in progress".
   */
  private async call(member: Member, method: string, path: string, body?: unknown, key?: string) {
    const until = Date.now() + 90_000
    while (Date.now() < until && this.running) {
      let status: number | 'error'
      let json: unknown = null
      try {
        const response = await fetch(`${this.url}${path}`, {
          method,
          headers: {
            cookie: member.cookie,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(key ? { 'idempotency-key': key } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(15_000),
        })
        status = response.status
        json = await response.json().catch(() => null)
      } catch {
        status = 'error'
      }
      this.record(status)
      const inProgress =
        status === 409 && (json as { title?: string } | null)?.title === 'idempotency_in_progress'
      if (status !== 'error' && status < 500 && !inProgress) return { status, json }
      if (method === 'GET') return { status, json }
      await sleep(status === 'error' ? 500 : 1_000)
    }
    return { status: 'error' as const, json: null }
  }

  async member(member: Member) {
    while (this.running) {
      await this.call(member, 'GET', '/api/v1/intentions?limit=20')
      const intention = this.intentions[Math.floor(Math.random() * this.intentions.length)]!
      const roll = Math.random()
      const key = `chaos-${process.pid}-${(this.seq += 1)}`
      if (member.sync) {
        // Written offline, sent later through the outbox's batch call.
        const marker = `chaos marker ${key}`
        const sent = await this.call(member, 'POST', '/api/v1/sync', {
          entries: [
            {
              key: `${key}-c`,
              method: 'POST',
              path: `/api/v1/intentions/${intention}/comments`,
              body: { content: marker },
            },
            { key: `${key}-p`, method: 'POST', path: `/api/v1/intentions/${intention}/pray` },
          ],
        })
        const results = (sent.json as { results?: { key: string; status: number }[] } | null)
          ?.results
        if (results?.find((result) => result.key === `${key}-c` && result.status < 300))
          this.acknowledged.add(marker)
      } else if (roll < 0.4) {
        await this.call(member, 'POST', `/api/v1/intentions/${intention}/pray`, undefined, key)
      } else if (roll < 0.7) {
        await this.call(
          member,
          'POST',
          `/api/v1/intentions/${intention}/reactions`,
          { kind: 'amen', active: true },
          key,
        )
      } else {
        const marker = `chaos marker ${key}`
        const posted = await this.call(
          member,
          'POST',
          `/api/v1/intentions/${intention}/comments`,
          { content: marker },
          key,
        )
        if (typeof posted.status === 'number' && posted.status < 300) this.acknowledged.add(marker)
      }
      await sleep(1_500 + Math.random() * 1_000)
    }
  }

  figures(phase: Phase) {
    const byStatus = new Map<string, number>()
    for (const outcome of this.outcomes.filter((entry) => entry.phase === phase))
      byStatus.set(String(outcome.status), (byStatus.get(String(outcome.status)) ?? 0) + 1)
    return (
      [...byStatus]
        .sort()
        .map(([status, count]) => `${status}×${count}`)
        .join(' ') || 'none'
    )
  }
}
