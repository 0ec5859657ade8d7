import { Zip, ZipDeflate } from 'fflate'
import type { ExportFile } from '../users/member-export'

/** Bytes per stored piece: big enough for few rows, small enough to hold one at a time. */
export const PART_BYTES = 256 * 1024
/** Bytes of a file compressed at a time. */
const SLICE_BYTES = 64 * 1024

/**
 * Zips the files one after another with fflate's streaming zip, handing `savePart` a piece each
 * time PART_BYTES have gathered (and the rest at the end), in order, one at a time: the archive
 * is never whole in memory, only the file being compressed and one piece. Answers the size.
 */
export async function writeArchive(
  files: AsyncIterable<ExportFile | { name: string; text: string }>,
  savePart: (seq: number, bytes: Buffer) => Promise<void>,
): Promise<number> {
  let gathered: Uint8Array[] = []
  let gatheredBytes = 0
  let size = 0
  let seq = 0
  let saving = Promise.resolve()
  let failure: Error | null = null

  const flush = () => {
    if (gatheredBytes === 0) return
    const piece = Buffer.concat(gathered)
    const at = seq
    seq += 1
    gathered = []
    gatheredBytes = 0
    saving = saving.then(() => savePart(at, piece))
  }
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error
      return
    }
    gathered.push(chunk)
    gatheredBytes += chunk.length
    size += chunk.length
    if (gatheredBytes >= PART_BYTES || final) flush()
  })

  const encoder = new TextEncoder()
  for await (const file of files) {
    const entry = new ZipDeflate(file.name, { level: 6 })
    zip.add(entry)
    const text = 'text' in file ? file.text : `${JSON.stringify(file.content, null, 2)}\n`
    const bytes = encoder.encode(text)
    // Compressed a slice at a time, each piece stored before the next slice is compressed.
    for (let at = 0; at < bytes.length || at === 0; at += SLICE_BYTES) {
      entry.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length)
      await saving
      if (failure) throw failure
    }
  }
  zip.end()
  await saving
  if (failure) throw failure
  return size
}
