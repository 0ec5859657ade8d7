import { RTL_LANGUAGES, type Language } from '@contract/languages'

// Issue 46: the page a mail's HTML part is. One column that fits 320 px (no fixed width, no
// table layout), the reader's language and direction, headings and lists a screen reader can
// walk, text a reader can enlarge, and colours for light and dark mail readers (both pass
// WCAG AA for body text and links). No image, so nothing is lost when images are blocked.

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const STYLE = `
body{margin:0;padding:0;background:#f4f1ea;color:#1f1b16;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;-webkit-text-size-adjust:100%}
.wrap{max-width:600px;margin:0 auto;padding:16px 12px}
.card{background:#ffffff;border-radius:8px;padding:16px}
h1{font-size:22px;line-height:1.3;margin:0 0 12px}
h2{font-size:18px;line-height:1.3;margin:24px 0 8px}
p{margin:0 0 12px}
ul{margin:0;padding-inline-start:20px}
li{margin:0 0 12px;overflow-wrap:anywhere}
a{color:#4a2f7d;text-decoration:underline}
.button{display:inline-block;padding:10px 16px;border-radius:6px;background:#4a2f7d;color:#ffffff;text-decoration:none;font-weight:600}
.muted{color:#57514a;font-size:14px}
footer{padding:16px 4px}
@media (prefers-color-scheme: dark){
body{background:#121212;color:#ece6dd}
.card{background:#1f1d1b}
a{color:#cdb8f6}
.button{background:#cdb8f6;color:#1f1b16}
.muted{color:#bdb3a8}
}`.trim()

/** A whole HTML mail: `body` and `footer` are HTML already escaped by the caller. */
export function mailDocument(input: {
  language: Language
  title: string
  /** The line a mail list shows after the subject, hidden in the mail itself. */
  preheader: string
  body: string
  footer: string
}): string {
  const { language, title, preheader, body, footer } = input
  const dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr'
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>
<div class="wrap" role="article" aria-label="${escapeHtml(title)}" lang="${language}" dir="${dir}">
<main class="card">
${body}
</main>
<footer class="muted">
${footer}
</footer>
</div>
</body>
</html>
`
}
