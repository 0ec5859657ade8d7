import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// compose.yaml and the Dockerfile cannot run here (no container daemon), so the suite checks
// what it can: Debian's docker-compose validates the compose file, and the Dockerfile keeps the
// promises docs/operations.md makes. .ci/run installs docker-compose on a fresh machine.
const run = promisify(execFile)
const compose = (...args: string[]) =>
  run('docker-compose', ['--file', 'compose.yaml', ...args]).catch(
    (error: NodeJS.ErrnoException & { stderr?: string }) => {
      if (error.code === 'ENOENT')
        throw new Error(
          "docker-compose is missing: install Debian's (apt-get install docker-compose)",
        )
      throw error
    },
  )

describe('compose.yaml', () => {
  it('is valid with the example environment and has PostgreSQL, Redis, two apps and a proxy', async () => {
    await compose('--env-file', 'deploy/example.env', 'config', '-q')
    const { stdout } = await compose('--env-file', 'deploy/example.env', 'config', '--services')
    expect(stdout.trim().split('\n').sort()).toEqual([
      'app-a',
      'app-b',
      'postgres',
      'proxy',
      'redis',
    ])
  })

  it('refuses to start without the secrets an operator must set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compose-'))
    const empty = join(dir, 'empty.env')
    writeFileSync(empty, '')
    try {
      await expect(compose('--env-file', empty, 'config', '-q')).rejects.toMatchObject({
        stderr: expect.stringMatching(/set [A-Z_]+ in \.env/),
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('deploy/nginx', () => {
  // The stack test proves proxy-headers.conf against forged client addresses (issue 37); this
  // keeps every location of the shipped config on it.
  it('passes the headers the stack test checks in every location, and no X-Forwarded-For of its own', async () => {
    const conf = readFileSync('deploy/nginx/app.conf', 'utf8')
    const locations = conf.split(/^\s*location /m).slice(1)
    expect(locations.length).toBeGreaterThanOrEqual(2)
    for (const location of locations) expect(location).toMatch(/^\s*include proxy-headers\.conf;/m)
    expect(conf).not.toMatch(/X-Forwarded-For/i)
    expect(readFileSync('deploy/nginx/proxy-headers.conf', 'utf8')).toMatch(
      /^proxy_set_header X-Forwarded-For \$remote_addr;$/m,
    )
    const { stdout } = await compose('--env-file', 'deploy/example.env', 'config')
    expect(stdout).toContain('/etc/nginx/proxy-headers.conf')
    expect(stdout).toMatch(/TRUST_PROXY: '1'$/m)
  })
})

describe('Dockerfile', () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8')
  const engines = (
    JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
  ).engines.node

  it('runs a Node LTS that package.json engines allows', () => {
    const major = /ARG NODE_IMAGE=node:(\d+)-/.exec(dockerfile)?.[1]
    expect(Number(major) % 2).toBe(0)
    expect(engines.split('||').map((range) => range.trim())).toContain(`^${major}.0.0`)
  })

  it('builds in the image, ships production dependencies only, runs unprivileged and checks /readyz', () => {
    expect(dockerfile).toMatch(/^RUN npm run build$/m)
    expect(dockerfile).toMatch(/npm ci --omit=dev/)
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3)
    expect(dockerfile).toMatch(/^USER node$/m)
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m)
  })
})
