/** The stack's nginx configuration: `dir` holds every path nginx writes; `upstreams` the apps. */
export function nginxConfig(options: {
  dir: string
  port: number
  upstreams: string[]
  tls?: { certificate: string; key: string }
}): string
