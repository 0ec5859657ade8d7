// The wall the cold-load benches open: a full first page (10 cards, spec 001 §9) by default, as a
// community's wall has, with a few long requests so some cards clamp their text.
//   BENCH_CARDS: how many public requests the member posts (earlier figures used 1).
const TITLES = [
  'Strength for the night shift at the hospital',
  'Healing for my grandmother after her surgery',
  'Peace for our family during a difficult move',
  'Wisdom for a hard decision about my studies',
  'Comfort for friends who lost their father',
]
const SHORT = 'Please pray for the nurses and doctors working through the night this week.'
const LONG = `${'We have had a long and difficult season, and I would be grateful for your prayers. '.repeat(6)}Thank you all.`

export const wallCards = () => Number(process.env.BENCH_CARDS ?? 10)

/** Posts `count` public requests as `member` (bench/support/offline-members.mjs). */
export async function postWall(member, count = wallCards()) {
  for (let index = 0; index < count; index += 1) {
    await member.post('/api/v1/intentions', {
      title: `${TITLES[index % TITLES.length]} (${index + 1})`,
      details: index % 3 === 1 ? LONG : SHORT,
      identity_mode: 'display_name',
      destination: 'public_wall',
      group_id: null,
      scripture: null,
      tags: [],
    })
  }
}
