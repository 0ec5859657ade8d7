import { describe, expect, it } from 'vitest'
import { ROOM_AUTO_ADVANCE_SECONDS } from '@contract/rooms'
import { listPosition, nextStepAt } from './room-intentions'

// The list's position is a function of the clock and the leader's last step, so every process
// shows the same request without one owning a timer.
const STEP = ROOM_AUTO_ADVANCE_SECONDS * 1000
const session = new Date('2026-11-25T18:00:00Z')
const after = (ms: number) => new Date(session.getTime() + ms)

describe('the room list position', () => {
  it('starts at the first request and steps on every ROOM_AUTO_ADVANCE_SECONDS, round and round', () => {
    const fresh = { cursorIndex: 0, cursorAt: null }
    expect(listPosition(fresh, session, 3, after(STEP - 1))).toMatchObject({ index: 0, step: 0 })
    expect(listPosition(fresh, session, 3, after(STEP))).toMatchObject({ index: 1, step: 1 })
    expect(listPosition(fresh, session, 3, after(3 * STEP))).toMatchObject({ index: 0, step: 3 })
    expect(listPosition(fresh, session, 0, after(STEP))).toBeNull()
  })

  it('counts from the leader’s last step in this session, and ignores one from an earlier session', () => {
    const stepped = { cursorIndex: 2, cursorAt: after(10_000) }
    expect(listPosition(stepped, session, 4, after(10_000 + STEP / 2))).toMatchObject({
      index: 2,
      step: 0,
      from: after(10_000),
    })
    expect(listPosition(stepped, session, 4, after(10_000 + 2 * STEP))).toMatchObject({ index: 0 })
    const old = { cursorIndex: 2, cursorAt: new Date(session.getTime() - 1) }
    expect(listPosition(old, session, 4, after(1))).toMatchObject({ index: 0, from: session })
  })

  it('knows when the next step is due', () => {
    expect(nextStepAt(session, after(1))).toEqual(after(STEP))
    expect(nextStepAt(session, after(STEP))).toEqual(after(2 * STEP))
  })
})
