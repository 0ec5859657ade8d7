// Apart from prayer-list.ts so the wall can refresh the list after a change without loading the
// list's schemas and calls with its first card (bench:bundle).
export const prayerListQueryKey = ['prayer-list'] as const
