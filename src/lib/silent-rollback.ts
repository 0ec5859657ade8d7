/**
 * `meta` of the optimistic toggles (Amen, candle, pray, comment like/amen, testimony Amen): spec
 * 001 §4 rolls them back silently, so a failure that is the member's to know about (a suspended
 * account, issue 8) is told once by the app instead (suspension-message.ts).
 */
export const rollsBackSilently = { rollsBackSilently: true } as const
