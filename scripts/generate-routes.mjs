// Writes src/routeTree.gen.ts without starting Vite, so `tsc` and `vitest` work on a fresh
// clone (the file is generated and gitignored). Same generator and options as the Vite plugin.
import { Generator, getConfig } from '@tanstack/router-generator'

const root = process.cwd()
const config = getConfig({ target: 'react' }, root)
await new Generator({ config, root }).run()
