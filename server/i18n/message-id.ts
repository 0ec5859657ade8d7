// What the server sends in a member's language (mail, Web Push, problem details, the manifest):
// every area's English ids. scripts/i18n-catalogues.mjs checks every area of catalogues/ is here.
import type mail from './catalogues/mail/en.json'
import type manifest from './catalogues/manifest/en.json'
import type problems from './catalogues/problems/en.json'
import type push from './catalogues/push/en.json'

export type ServerMessageId =
  keyof typeof mail | keyof typeof manifest | keyof typeof problems | keyof typeof push
