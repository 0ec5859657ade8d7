// Issue 42: no user-visible English outside the catalogues. A literal in JSX text, in an
// attribute a person reads or hears (a label, a title, a screen reader's name), or passed to a
// setter of an error, message or notice fails the lint; the text goes through `t()` with its id
// in src/i18n/catalogues/ (docs/translating.md). Ids typed `MessageId` are not literals here:
// `t(id)` is the only way they reach the screen. tests/build/i18n-lint.test.ts holds the rule.
import i18next from 'eslint-plugin-i18next'

const READ_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'label',
  'alt',
  'helperText',
  'primary',
  'secondary',
  'subheader',
  'message',
  'description',
  'heading',
]

export const i18nLint = {
  files: ['src/**/*.tsx'],
  ignores: ['**/*.test.tsx', 'src/testing/**', 'src/prerender-landing.tsx'],
  plugins: { i18next },
  rules: {
    'i18next/no-literal-string': [
      'error',
      {
        mode: 'jsx-only',
        'jsx-attributes': { include: [`^(${READ_ATTRIBUTES.join('|')})$`] },
        callees: { exclude: ['t', 'translateText', 'translate'] },
        // Nothing to translate: digits, punctuation and symbols alone (· — ✓), and keys and
        // tokens written in JSX (a kind, a route, a CSS value): one lower-case word.
        words: { exclude: [/^[\p{N}\p{P}\p{S}\s]+$/u, '[a-z][a-z0-9_./-]*', '[A-Z_-]+'] },
        message: 'user-visible text must come from the catalogues: t(id), docs/translating.md',
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector:
          'CallExpression[callee.name=/^set\\w*(Error|Message|Notice|Status|Problem|Failure)$/] > Literal[value=/[A-Za-z]\\s+[A-Za-z]/]',
        message:
          'a message shown to a person must come from the catalogues: t(id), docs/translating.md',
      },
    ],
  },
}
