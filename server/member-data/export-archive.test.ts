import { randomBytes } from 'node:crypto'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { PART_BYTES, writeArchive } from './export-archive'

// The archive is handed over in pieces as it is made, in order, one at a time: a member with
// years of posts never has their whole archive in the server's memory.

async function* files(big: string) {
  yield { name: 'a.json', about: 'a', content: { big } }
  yield { name: 'README.txt', text: 'read me' }
}

describe('writeArchive', () => {
  it('hands over pieces of at most a piece and a chunk, in order, that make the whole zip', async () => {
    // Random base64 compresses to about three quarters: two pieces' worth or more.
    const big = randomBytes(PART_BYTES * 2).toString('base64')
    const parts: { seq: number; bytes: Buffer }[] = []
    let saving = 0
    let overlapped = false
    const size = await writeArchive(files(big), async (seq, bytes) => {
      saving += 1
      if (saving > 1) overlapped = true
      await new Promise((resolve) => setTimeout(resolve, 5))
      parts.push({ seq, bytes })
      saving -= 1
    })
    expect(parts.length).toBeGreaterThanOrEqual(2)
    for (const part of parts) expect(part.bytes.length).toBeLessThan(PART_BYTES + 80 * 1024)
    expect(parts.map((part) => part.seq)).toEqual(parts.map((_part, index) => index))
    expect(overlapped).toBe(false)
    const whole = Buffer.concat(parts.map((part) => part.bytes))
    expect(whole.length).toBe(size)
    const unzipped = unzipSync(new Uint8Array(whole))
    expect(JSON.parse(strFromU8(unzipped['a.json']!))).toEqual({ big })
    expect(strFromU8(unzipped['README.txt']!)).toBe('read me')
  })
})
