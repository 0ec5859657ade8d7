/**
 * Whether a passkey ceremony ended because the person closed the browser's sheet, let it time
 * out or started another: nothing went wrong, so nothing alarming is shown (issue 39).
 */
export function passkeyCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const names = [error.name, (error.cause as Error | undefined)?.name]
  return (
    names.includes('NotAllowedError') ||
    names.includes('AbortError') ||
    (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED'
  )
}
