// Issue 42: the catalogues in src/i18n/catalogues/ (en.json is the source, with notes for
// translators) compiled by Lingui's compiler into src/i18n/compiled/, so the browser runs no
// ICU parser (docs/translating.md). Messages are keyed by their English text, so the English
// compiled file holds only the messages whose text differs from their id.
//   node scripts/i18n-catalogues.mjs          writes src/i18n/compiled/<language>.json
//   node scripts/i18n-catalogues.mjs --check  fails when a catalogue lacks a message of the
//     source or has one the source does not, when a message does not parse, when a translation
//     uses other placeholders than the source, or when a compiled file is out of date.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'

const root = fileURLToPath(new URL('..', import.meta.url))
const sources = join(root, 'src/i18n/catalogues')
const compiledDir = join(root, 'src/i18n/compiled')
const SOURCE = 'en'
const check = process.argv.includes('--check')
const problems = []

const read = (language) => JSON.parse(readFileSync(join(sources, `${language}.json`), 'utf8'))
// A message's id is its English text unless it says otherwise (`message`): one English text
// with two meanings (a tab and a page title) or an ICU message gets an id of its own.
const source = Object.fromEntries(
  Object.entries(read(SOURCE)).map(([id, { message }]) => [id, message ?? id]),
)
const languages = readdirSync(sources)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))

/** The names a compiled message interpolates, its plural and select branches included. */
function placeholders(tokens, names = new Set()) {
  for (const token of tokens) {
    if (typeof token === 'string') continue
    const [name, type, format] = token
    // What src/i18n/format-message.ts reads; a date or time is formatted by the caller (Intl).
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

function compile(language, messages) {
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
            `${language}: "${id}" must use the placeholders {${[...expected].join('}, {')}}`,
          )
      }
    } catch (error) {
      problems.push(`${language}: "${id}" does not parse: ${error.message}`)
    }
  }
  return compiled
}

for (const language of languages) {
  const messages = language === SOURCE ? source : read(language)
  for (const id of Object.keys(source))
    if (!(id in messages)) problems.push(`${language}: lacks "${id}"`)
  for (const id of Object.keys(messages))
    if (!(id in source)) problems.push(`${language}: has "${id}", which the source does not`)
  const output = `${JSON.stringify(compile(language, messages), null, 2)}\n`
  const file = join(compiledDir, `${language}.json`)
  if (check) {
    // Compared as data, so a formatter's line breaks do not count.
    const current = existsSync(file) ? JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))) : null
    if (current !== JSON.stringify(JSON.parse(output)))
      problems.push(`${language}: ${file} is out of date: run npm run i18n:compile`)
  } else writeFileSync(file, output)
}

if (problems.length) {
  console.error(`Catalogues:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`Catalogues ${check ? 'complete and compiled' : 'compiled'}: ${languages.join(', ')}`)
