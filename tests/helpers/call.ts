import type { App } from '../../server/app'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One API call as a member's browser makes it: their session cookie (none when signed out). */
export function call(
  app: App,
  cookie: string | undefined,
  method: Method,
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  })
}
