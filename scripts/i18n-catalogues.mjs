// Issue 42: the catalogues compiled by Lingui's compiler, so no runtime parses ICU
// (docs/translating.md, ADR 0037, ADR 0038). Catalogues are kept by area, one folder per area
// with one file per language (`en.json` is the source, with notes for translators):
//   src/i18n/catalogues/<area>/<language>.json     the app's screens
//   server/i18n/catalogues/<area>/<language>.json  what the server sends: mail, push, problems
// Messages are keyed by their English text, so English compiles to the few messages whose text
// differs from their id. The app's other languages compile to two files each: the areas of the
// wall's first screen (the shell, the wall) and the rest, fetched after it.
//   node scripts/i18n-catalogues.mjs          writes the compiled files
//   node scripts/i18n-catalogues.mjs --check  fails when an area's catalogue lacks a message of
//     its source or has one the source does not, when an id is in two areas, when a message does
//     not parse, when a translation uses other placeholders than the source, when an area is not
//     in its tree's message-id.ts, or when a compiled file is out of date.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import accented from 'pseudolocale'

const root = fileURLToPath(new URL('..', import.meta.url))
const SOURCE = 'en'
const check = process.argv.includes('--check')
const problems = []

/** Where catalogues live, where they compile to, and which areas the first screen needs. */
const TREES = [
  {
    dir: 'src/i18n',
    // What the wall shows before its first card: on a cold start there, these load before the
    // first render and every other area after it (src/i18n/i18n.ts, ADR 0038).
    firstScreen: ['shell', 'wall'],
  },
  // The contract's texts (validation messages, problem details' wording in contract/*.ts) are
  // translated once, in the app's `contract` area; the server compiles them in too.
  { dir: 'server/i18n', firstScreen: null, borrowed: ['src/i18n/catalogues/contract'] },
]

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))

// The pseudo-locale (issue 42, src/i18n/i18n.ts): every English message accented, a third
// longer and in brackets, so a screen's tour shows text that would clip in a longer
// language and any text that skipped the catalogues (it stays plain and unbracketed).
export const PSEUDO_LOCALE = 'en-XA'
// A third longer the way translations are: each word longer (every third letter doubled), so the
// text still wraps between words as a real language's would.
const lengthen = (word) =>
  word.replace(/\p{L}/gu, (letter, at) => (at % 3 === 1 ? letter + letter : letter))
const accent = (text) =>
  text === '#'
    ? text
    : accented(text.replace(/\p{L}+/gu, lengthen), { prepend: '', append: '', extend: 0 })

function pseudoTokens(tokens) {
  return tokens.map((token) => {
    if (typeof token === 'string') return accent(token)
    const [name, type, format] = token
    if (!format || typeof format !== 'object') return token
    const branches = Object.fromEntries(
      Object.entries(format).map(([key, branch]) => [
        key,
        key === 'offset' ? branch : pseudoTokens(branch),
      ]),
    )
    return [name, type, branches]
  })
}

/** An English message as the pseudo-locale shows it: `[Ƥŕŕàŷ ƒōōŕ ũś]`, a third longer. */
export function pseudoMessage(message) {
  return ['[', ...pseudoTokens(compileMessageOrThrow(message)), ']']
}

function placeholders(tokens, names = new Set()) {
  for (const token of tokens) {
    if (typeof token === 'string') continue
    const [name, type, format] = token
    // What contract/format-message.ts reads; a date or time is formatted by the caller (Intl).
    if (type && !['plural', 'selectordinal', 'select', 'number'].includes(type))
      throw new Error(`{${name}, ${type}} is not supported: format it with Intl and pass the text`)
    names.add(name)
    if (format && typeof format === 'object')
      for (const [key, branch] of Object.entries(format))
        if (key !== 'offset') placeholders(branch, names)
  }
  return names
}

const same = (a, b) => a.size === b.size && [...a].every((name) => b.has(name))

/** An area's messages in `language`, compiled, checked against the source's placeholders. */
function compile(where, language, messages, source) {
  const compiled = {}
  for (const [id, message] of Object.entries(messages)) {
    try {
      const tokens = compileMessageOrThrow(message)
      placeholders(tokens)
      // A message with nothing to interpolate is kept as its text: the runtime returns it as is.
      const text = tokens.length === 1 && typeof tokens[0] === 'string' ? tokens[0] : null
      // English whose text is its id needs no entry: the id is what shows (ADR 0037).
      if (language === SOURCE && text === id) continue
      compiled[id] = text ?? tokens
      if (language !== SOURCE && id in source) {
        const expected = placeholders(compileMessageOrThrow(source[id]))
        if (!same(placeholders(tokens), expected))
          problems.push(
            `${where}: "${id}" must use the placeholders {${[...expected].join('}, {')}}`,
          )
      }
    } catch (error) {
      problems.push(`${where}: "${id}" does not parse: ${error.message}`)
    }
  }
  return compiled
}

function output(file, data) {
  const text = `${JSON.stringify(data, null, 2)}\n`
  if (check) {
    // Compared as data, so a formatter's line breaks do not count.
    const current = existsSync(file) ? JSON.stringify(readJson(file)) : null
    if (current !== JSON.stringify(data))
      problems.push(`${relative(root, file)} is out of date: run npm run i18n:compile`)
    return
  }
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, text)
}

function compileTree({ dir, firstScreen, borrowed = [] }) {
  const cataloguesDir = join(root, dir, 'catalogues')
  const compiledDir = join(root, dir, 'compiled')
  // An area is a folder path relative to the root; its name is the folder's own.
  const areas = [
    ...readdirSync(cataloguesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${dir}/catalogues/${entry.name}`)
      .sort(),
    ...borrowed,
  ]
  const languages = new Set([SOURCE])
  for (const area of areas)
    for (const name of readdirSync(join(root, area)))
      if (name.endsWith('.json')) languages.add(name.slice(0, -'.json'.length))

  // MessageId is the union of the areas' English ids (message-id.ts): an area it misses would
  // have ids no code can name.
  const messageIds = readFileSync(join(root, dir, 'message-id.ts'), 'utf8')
  const owner = new Map()
  const pseudo = {}
  const compiled = new Map([...languages].map((language) => [language, { first: {}, rest: {} }]))
  for (const area of areas) {
    const name = area.split('/').at(-1)
    const own = !borrowed.includes(area)
    if (own && !messageIds.includes(`./catalogues/${name}/en.json`))
      problems.push(`${dir}/message-id.ts does not import ./catalogues/${name}/en.json`)
    const sourceFile = join(root, area, `${SOURCE}.json`)
    // A message's id is its English text unless it says otherwise (`message`): one English text
    // with two meanings (a tab and a page title) or an ICU message gets an id of its own.
    const source = Object.fromEntries(
      Object.entries(existsSync(sourceFile) ? readJson(sourceFile) : {}).map(
        ([id, { message }]) => [id, message ?? id],
      ),
    )
    if (firstScreen)
      for (const [id, message] of Object.entries(source))
        try {
          pseudo[id] = pseudoMessage(message)
        } catch {
          // Reported as the English message's own parse problem below.
        }
    for (const id of Object.keys(source)) {
      if (owner.has(id)) problems.push(`"${id}" is in both ${owner.get(id)} and ${area}`)
      owner.set(id, area)
    }
    const tier = !firstScreen || firstScreen.includes(name) ? 'first' : 'rest'
    for (const language of languages) {
      const where = `${area}/${language}.json`
      const file = join(root, area, `${language}.json`)
      const messages = language === SOURCE ? source : existsSync(file) ? readJson(file) : {}
      // A borrowed area is checked where it is owned.
      for (const id of own ? Object.keys(source) : [])
        if (!(id in messages)) problems.push(`${where}: lacks "${id}"`)
      for (const id of own ? Object.keys(messages) : [])
        if (!(id in source)) problems.push(`${where}: has "${id}", which the source does not`)
      Object.assign(compiled.get(language)[tier], compile(where, language, messages, source))
    }
  }
  if (firstScreen) output(join(compiledDir, `${PSEUDO_LOCALE}.json`), pseudo)
  for (const [language, { first, rest }] of compiled) {
    // English holds only what differs from its ids (plurals, a second meaning), split like the
    // others: its first part ships in the entry, its rest comes with the other areas.
    if (!firstScreen) output(join(compiledDir, `${language}.json`), { ...first, ...rest })
    else {
      output(join(compiledDir, language, 'first.json'), first)
      output(join(compiledDir, language, 'rest.json'), rest)
    }
  }
  return languages
}

const summary = TREES.map((tree) => `${tree.dir}: ${[...compileTree(tree)].join(', ')}`)
if (problems.length) {
  console.error(`Catalogues:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`Catalogues ${check ? 'complete and compiled' : 'compiled'}: ${summary.join('; ')}`)
