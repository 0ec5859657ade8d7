// Only what Vite already inlines into the public bundle may be listed (spec 000 §2 /__env):
// VITE_-prefixed variables and Vite's own MODE and BASE_URL. Anything else in the env object
// (in tests it is the whole process.env) could be a secret and is never shown.
const viteBuiltIns = new Set(['MODE', 'BASE_URL'])

export function publicBuildVariables(env: Record<string, unknown>): [name: string, value: string][] {
  return Object.entries(env)
    .filter(([name]) => name.startsWith('VITE_') || viteBuiltIns.has(name))
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort(([a], [b]) => a.localeCompare(b))
}
