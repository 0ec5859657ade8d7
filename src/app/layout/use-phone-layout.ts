import { useMediaQuery } from '@/lib/use-media-query'

/** Phones: below MUI's `sm` breakpoint (600 px), as `theme.breakpoints.down('sm')` writes it. */
export const PHONE_MEDIA_QUERY = '(max-width:599.95px)'

/**
 * Below 600 px a signed-in member gets the app shell: compact top bar and bottom bar (issue 17).
 * Read on the first render, so a phone never paints the desktop header first. Visitors'
 * pages are pre-rendered and keep the one responsive header.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY)
}
