import { loadConfig, type Config } from '../../server/config'

/** A valid test configuration; pass env variables to change what a test is about. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  })
}
