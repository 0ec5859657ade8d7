// Members for `npm run bench:offline`, made through the API as e2e/support/members.ts makes
// them (sign up, follow the dev mailbox's link, sign in, onboard), in plain node: the benchmark
// runs without Playwright's test runner, so it cannot load the .ts helpers.

export const PASSWORD = 'Quiet-Morning-2026'

async function answer(response, what) {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`)
  return response.status === 204 ? null : response.json()
}

async function verifyEmail(base, email) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await answer(await fetch(`${base}/__dev/mail`), 'GET /__dev/mail')
    const link = mails
      .filter((mail) => mail.to === email)
      .flatMap((mail) => mail.links)
      .find((url) => url.includes('verify-email'))
    if (link) {
      const verified = await fetch(link, { redirect: 'manual' })
      if (!/verified=1/.test(verified.headers.get('location') ?? ''))
        throw new Error(`the verification link did not verify ${email}`)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no verification mail reached ${email}`)
}

/**
 * A verified, onboarded member signed in with "remember me"; `get`/`post` carry the session
 * cookie, which is also returned (`cookie`, a Cookie header's value).
 */
export async function newMember(base, label) {
  const email = `${label.toLowerCase()}-${Date.now()}@example.org`
  const json = { 'content-type': 'application/json', origin: base }
  await answer(
    await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      }),
    }),
    'sign-up',
  )
  await verifyEmail(base, email)
  const signIn = await fetch(`${base}/auth/password`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD, rememberMe: true }),
  })
  await answer(signIn, 'sign-in')
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  const get = async (path) =>
    answer(await fetch(`${base}${path}`, { headers: { cookie } }), `GET ${path}`)
  const post = async (path, body) =>
    answer(
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...json, cookie, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(body),
      }),
      `POST ${path}`,
    )
  await post('/api/v1/users/profile', {
    first_name: label,
    last_name: 'Bench',
    email,
    country_iso2: 'IE',
    gender: 'female',
    birth_month: 3,
    birth_day: 14,
  })
  return { email, cookie, get, post }
}
